// report/create-qr-code2: a QR code of the content as a PNG (bwip-js, pure JavaScript), answered as a
// data URL a screen or a printout can show as it is. The same content gives the same image.
import bwipjs from 'bwip-js/node';
import { Refusal } from '../../domain/errors';

/** The most a QR code here carries (a link or an archive number; a version-40 code holds ~2900 bytes at level M). */
export const MAX_QR_CONTENT = 1000;

export async function qrCodePng(content: string): Promise<Buffer> {
  if (content.trim() === '') throw new Refusal('二维码内容不能为空');
  if (content.length > MAX_QR_CONTENT) throw new Refusal(`二维码内容不能超过${MAX_QR_CONTENT}个字符`);
  return await bwipjs.toBuffer({ bcid: 'qrcode', text: content, scale: 4, paddingwidth: 2, paddingheight: 2 });
}

export async function qrCodeDataUrl(content: string): Promise<string> {
  return `data:image/png;base64,${(await qrCodePng(content)).toString('base64')}`;
}
