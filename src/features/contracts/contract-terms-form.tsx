import { bundledForm, SchemaForm } from '../../form-runtime';
import type { FieldValue } from '../../engine';
import type { ContractDefaults, ContractTerms } from './contract-api';

const SIGN_FORM = 'contractsign';
const SIGN_DOCUMENT = bundledForm(SIGN_FORM);

const asText = (v: FieldValue | undefined) => (typeof v === 'string' ? v : v === undefined || v === null ? '' : String(v));
const asList = (v: FieldValue | undefined): string[] =>
  Array.isArray(v) ? v.map(String) : typeof v === 'string' && v !== '' ? v.split(',') : [];

/** The terms the form's values name, as the server's calls take them. */
export function termsOf(values: Record<string, FieldValue>): Required<ContractTerms> {
  return {
    teamId: asText(values.teamId),
    doctorId: asText(values.doctorId),
    packIds: asList(values.packIds),
    startDate: asText(values.startDate),
    endDate: asText(values.endDate),
    phone: asText(values.phone),
    remark: asText(values.remark),
  };
}

/** The form's first values: what contract-info-generate proposed for the archive. */
export const termsFromDefaults = (d: ContractDefaults): Record<string, FieldValue> => ({
  teamId: d.teamId,
  doctorId: d.doctorId,
  packIds: d.packIds,
  startDate: d.startDate,
  endDate: d.endDate,
  phone: d.phone,
  remark: d.remark,
});

/**
 * The signing terms: the dialog form document schemas/contractsign.json (the server checks the same
 * file), shared by the sign-agreement dialog and 家庭一键签约 so both ask the same questions.
 */
export function ContractTermsForm({
  values,
  submitText,
  onSubmit,
}: {
  values: Record<string, FieldValue>;
  submitText: string;
  onSubmit: (values: Record<string, FieldValue>) => Promise<void> | void;
}) {
  return (
    // fr-dialog (the form runtime's dialog style): a short form, no progress bar.
    <div className="fr-dialog" style={{ flex: '0 0 520px' }}>
      {/* The bundled dialog document, handed in as a document so that its pickers ask the server
          (fieldUrl: usercontracts/sign-options) like a published form's dictionaries. */}
      <SchemaForm
        formCode={SIGN_FORM}
        document={SIGN_DOCUMENT}
        values={values}
        mode="edit"
        draft={false}
        submitText={submitText}
        onSubmit={(v) => onSubmit(v)}
      />
    </div>
  );
}
