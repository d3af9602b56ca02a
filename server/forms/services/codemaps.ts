// codemaps/ for the server: every *.json of the folder (codemap.schema.json left out), read once
// when this module loads, like the bundled forms at start, so a new file needs no code. The folder
// is codemaps/ under the forms root (the project, or FORMS_DIR for a deployed build). The engine
// builds the queries from the files (loadCodemaps); it never reads the folder itself.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { isCodemapFileName, loadCodemaps, type Codemaps } from '../../../src/engine';
import { defaultFormsRoot } from './form-bundle';

/** codemaps/ under a forms root (default: FORMS_DIR or the project). */
export function codemapsDir(root: string = defaultFormsRoot()): string {
  return path.join(root, 'codemaps');
}

/**
 * The code maps of a folder. A file that is not JSON or fails the meta-schema is left out, and a
 * code defined twice keeps its first file's map; both are in `problems` (the server still starts).
 * A missing folder gives no maps, and says so (file ''): a FORMS_DIR without codemaps/ would
 * otherwise quietly accept any code of a field that has no business dictionary.
 */
export function readCodemapFolder(dir: string): Codemaps {
  const raw: Record<string, unknown> = {};
  const unreadable: { file: string; message: string }[] = [];
  if (!existsSync(dir)) unreadable.push({ file: '', message: '代码表文件夹不存在' });
  else {
    for (const name of readdirSync(dir).filter(isCodemapFileName).sort()) {
      try {
        raw[name] = JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as unknown;
      } catch (e) {
        unreadable.push({ file: name, message: `不是有效的 JSON: ${e instanceof Error ? e.message : String(e)}` });
      }
    }
  }
  return loadCodemaps(raw, unreadable);
}

/** The server's code maps: built once from the folder when the server starts (this module loads). */
export const SERVER_CODEMAPS: Codemaps = readCodemapFolder(codemapsDir());
