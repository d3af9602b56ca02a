import { useEffect, useState, type ReactElement } from 'react';
import { Button, Result, Spin } from 'antd';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { findArchiveByIdCard } from '../../api/archives';
import { archiveDetailPath } from '../../shared/archive-paths';
import { maskIdCard } from '../../shared/id-card-mask';
import { useMessages } from '../../shared/i18n/i18n-context';
import { archiveJumpMessages } from './archive-jump-messages';

/** Where a found resident is shown: the archive's own page (spec 001 §2), with its edit dialog open for 编辑档案. */
const archivePageOf = (archId: string, edit: boolean) => `${archiveDetailPath(archId)}${edit ? '&edit=1' : ''}`;
const ARCHIVE_LIST = '/publichealthwork/index';

type Outcome = { kind: 'finding' } | { kind: 'missing' } | { kind: 'not-found'; idCard: string } | { kind: 'refused'; message: string };

/**
 * 档案跳转 (/publichealthwork/jump, /window/publichealthwork/jumparchive; decision 0050): an external
 * system (the HIS, the regional platform) opens a resident's archive by identity number. The page
 * asks this institution's archive of that number (userinfomain/get-by-id-card, which checks the
 * number, the tenant and the caller's archive permission) and replaces itself with the archive's
 * page, so the browser's back does not land here again; `arch_id` opens that archive directly.
 * 编辑档案 (/publichealthwork/editarchiveindex, `edit`) opens the archive's page with its edit dialog.
 */
export function ArchiveJumpPage({ edit = false }: { edit?: boolean }) {
  const m = useMessages(archiveJumpMessages);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const archId = params.get('arch_id') ?? params.get('archId');
  const idCard = (params.get('idCard') ?? params.get('idcard') ?? '').trim();
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'finding' });

  useEffect(() => {
    if (archId) return void navigate(archivePageOf(archId, edit), { replace: true });
    if (!idCard) return setOutcome({ kind: 'missing' });
    let current = true;
    setOutcome({ kind: 'finding' });
    findArchiveByIdCard(idCard).then(
      (archive) => {
        if (!current) return;
        if (archive) navigate(archivePageOf(archive.id, edit), { replace: true });
        else setOutcome({ kind: 'not-found', idCard });
      },
      (error: unknown) => current && setOutcome({ kind: 'refused', message: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      current = false;
    };
  }, [archId, idCard, edit, navigate]);

  const toList = (
    <Button type="primary" onClick={() => navigate(ARCHIVE_LIST)}>
      {m.toList}
    </Button>
  );
  // antd's Result passes no data attributes on: the journey finds the answer by this wrapper.
  const answered = (result: ReactElement) => <div data-testid="archive-jump">{result}</div>;
  switch (outcome.kind) {
    case 'finding':
      return (
        <div style={{ padding: 48, textAlign: 'center' }}>
          <Spin tip={m.finding}>
            <div style={{ height: 48 }} />
          </Spin>
        </div>
      );
    case 'missing':
      return answered(<Result status="warning" title={m.noIdCard} subTitle={m.noIdCardHint} extra={toList} />);
    case 'not-found':
      return answered(<Result status="info" title={m.notFound} subTitle={m.notFoundHint(maskIdCard(outcome.idCard))} extra={toList} />);
    case 'refused':
      return answered(<Result status="error" title={m.refused} subTitle={outcome.message} extra={toList} />);
  }
}
