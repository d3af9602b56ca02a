import { Select } from 'antd';

export interface PickOption {
  value: string;
  label: string;
}

export interface TeamDoctorSelectsProps {
  teams: PickOption[];
  doctors: PickOption[];
  teamId?: string | undefined;
  doctorId?: string | undefined;
  /** One of the two changed; undefined clears it. */
  onChange: (patch: { teamId?: string | undefined } | { doctorId?: string | undefined }) => void;
  /** The caller's words (its messages, in the chosen language). */
  labels: { team: string; allTeams: string; doctor: string; allDoctors: string };
}

/** The team and doctor pickers of the work lists' filter bars (任务中心, 统计报表): team first, then doctor. */
export function TeamDoctorSelects({ teams, doctors, teamId, doctorId, onChange, labels }: TeamDoctorSelectsProps) {
  return (
    <>
      <Select
        style={{ width: 160 }}
        allowClear
        placeholder={labels.allTeams}
        aria-label={labels.team}
        value={teamId}
        onChange={(v?: string) => onChange({ teamId: v })}
        options={teams}
      />
      <Select
        style={{ width: 140 }}
        allowClear
        placeholder={labels.allDoctors}
        aria-label={labels.doctor}
        value={doctorId}
        onChange={(v?: string) => onChange({ doctorId: v })}
        options={doctors}
      />
    </>
  );
}
