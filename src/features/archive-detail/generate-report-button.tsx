import { useState } from 'react';
import { FileDoneOutlined } from '@ant-design/icons';
import { App, Button } from 'antd';
import { useButtonGrants } from '../../api/button-permissions';
import { request } from '../../api/request';
import type { Envelope } from '../../api/types';
import { useMessages } from '../../shared/i18n/i18n-context';
import { followupMessages } from './followup-messages';

/**
 * 生成报告 (userfollowupreport/gen-report, button 4220 userfollowupreport_gen): the saved record open
 * on the page becomes a 随访报告 waiting for its conclusion and a second person's approval on the
 * 随访报告 screen. A record already reported answers its report, and the server's message says so.
 */
export function GenerateReportButton({ recordId }: { recordId: string | undefined }) {
  const m = useMessages(followupMessages);
  const { message } = App.useApp();
  const { grants } = useButtonGrants();
  const [busy, setBusy] = useState(false);
  if (!recordId || !grants['userfollowupreport_gen']) return null;
  const generate = async () => {
    setBusy(true);
    try {
      const res = await request.get<Envelope<unknown>>('/api/blade-iph-business/userfollowupreport/gen-report', {
        params: { followId: recordId },
      });
      message.success(m.reportGenerated(res.data.msg));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button icon={<FileDoneOutlined />} loading={busy} onClick={() => void generate()} data-testid="generate-report">
      {m.generateReport}
    </Button>
  );
}
