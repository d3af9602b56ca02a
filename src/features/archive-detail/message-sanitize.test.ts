// The panel's sanitising (decision 0040): scripts, event handlers and javascript: links never reach
// the page, the spec's additions (iframe src, img data-w-e and style, style on li and span) do.
import { describe, expect, it } from 'vitest';
import { fillPlaceholders, richTextIsEmpty } from '../../shared/rich-text';
import { cleanHtml, previewOf } from './message-sanitize';

describe('message rich text in the browser', () => {
  it('strips scripts, handlers and javascript: links, keeping the formatting', () => {
    const html = cleanHtml(
      '<p onclick="steal()"><b>复诊</b><script>alert(1)</script><img src="x.png" onerror="alert(2)"><a href="javascript:alert(3)">点此</a></p>',
    );
    expect(html).toBe('<p><b>复诊</b><img src="x.png"><a>点此</a></p>');
  });

  it('keeps what the spec allows besides the defaults, and drops other data- attributes and data: frames', () => {
    expect(cleanHtml('<img src="a.png" data-w-e="1" data-x="2" style="width:10px">')).toBe(
      '<img src="a.png" data-w-e="1" style="width:10px">',
    );
    expect(cleanHtml('<ul><li style="color:red"><span style="font-weight:bold">要点</span></li></ul>')).toBe(
      '<ul><li style="color:red"><span style="font-weight:bold">要点</span></li></ul>',
    );
    expect(cleanHtml('<iframe src="https://example.org/video"></iframe>')).toBe('<iframe src="https://example.org/video"></iframe>');
    expect(cleanHtml('<iframe src="data:text/html,<script>alert(1)</script>"></iframe>')).toBe('<iframe></iframe>');
    expect(cleanHtml('<svg><animate onbegin="alert(1)"></animate></svg><form><input></form>')).not.toMatch(/onbegin|<form|<input/);
  });

  it('counts whitespace-only content as empty (请输入内容) and a picture as content', () => {
    expect(richTextIsEmpty(cleanHtml('<p>&nbsp; <br></p>'))).toBe(true);
    expect(richTextIsEmpty(cleanHtml('<script>x</script>'))).toBe(true);
    expect(richTextIsEmpty(cleanHtml('<p><img src="a.png"></p>'))).toBe(false);
  });

  it('fills placeholders with escaped values and leaves unknown ones', () => {
    expect(fillPlaceholders('{姓名}您好，{日期}{未知}', { 姓名: '<i>李</i>', 日期: '2026-06-01' })).toBe(
      '&lt;i&gt;李&lt;/i&gt;您好，2026-06-01{未知}',
    );
  });

  it('cuts an update record to 30 characters of its text', () => {
    const long = `<p>${'一二三四五六七八九十'.repeat(4)}</p>`;
    expect(previewOf(long)).toEqual({ text: `${'一二三四五六七八九十'.repeat(3)}…`, more: true });
    expect(previewOf('<b>短</b>')).toEqual({ text: '短', more: false });
  });
});
