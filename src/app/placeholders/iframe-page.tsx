import { Result } from 'antd';
import { useLocation } from 'react-router-dom';
import { defineMessages } from '../../shared/i18n/define-messages';
import { useMessages } from '../../shared/i18n/i18n-context';

const messages = defineMessages(
  { noLink: '没有要嵌入的链接', noLinkText: '地址的 src 参数应为 http(s) 链接或本站路径。' },
  { noLink: 'No link to embed', noLinkText: 'The src parameter must be an http(s) link or a path of this site.' },
);

/** The report designer, embedded through this route with its name and src (spec §2). */
export const REPORT_DESIGNER_PATH = `/myiframe/ureport?name=${encodeURIComponent('报表设计器')}&src=${encodeURIComponent('/ureport/designer')}`;

/** Only web links and this site's own paths may be embedded: never javascript: or data: urls. */
export function embeddableLink(src: string | null): string | undefined {
  if (!src) return undefined;
  if (/^https?:\/\//i.test(src)) return src;
  if (src.startsWith('/') && !src.startsWith('//')) return src;
  return undefined;
}

/** /myiframe/{routerPath}: embeds the link given in the query's src (spec §2). */
export function IframePage() {
  const m = useMessages(messages);
  const { search } = useLocation();
  const query = new URLSearchParams(search);
  const link = embeddableLink(query.get('src') ?? query.get('url'));
  if (!link) return <Result status="warning" title={m.noLink} subTitle={m.noLinkText} />;
  return (
    <iframe
      title={query.get('name') ?? link}
      src={link}
      style={{ border: 0, width: '100%', height: 'calc(100vh - 100px)', display: 'block' }}
    />
  );
}
