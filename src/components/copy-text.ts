/**
 * Copies text for the header's click-to-copy values. The async clipboard API needs a secure
 * context and permission; the hidden-textarea fallback covers plain-HTTP intranet deployments.
 * Resolves true when the text reached the clipboard.
 */
export async function copyText(text: string): Promise<boolean> {
  if (text === '') return false;
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Denied or unavailable: try the legacy path below.
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  try {
    // Deprecated but still the only synchronous copy outside a secure context.
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}
