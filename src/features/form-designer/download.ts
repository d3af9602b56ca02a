import type { FormFile } from './document-utils';

/** Saves texts as files through the browser's download (one per file: a download cannot carry folders). */
export function downloadFiles(files: readonly Pick<FormFile, 'name' | 'text'>[]): void {
  for (const f of files) {
    const url = URL.createObjectURL(new Blob([f.text], { type: 'application/json;charset=utf-8' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = f.name;
    a.style.display = 'none';
    document.body.appendChild(a);
    a.click();
    a.remove();
    // Revoked after the click has been handled.
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }
}

/** The texts of files the user chose, with the names the browser gives (a folder's relative path when chosen as one). */
export async function readChosenFiles(list: FileList | readonly File[]): Promise<{ name: string; text: string }[]> {
  const files = Array.from(list);
  return Promise.all(files.map(async (f) => ({ name: f.webkitRelativePath || f.name, text: await f.text() })));
}
