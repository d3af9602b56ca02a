// For the forms:check tests: throwaway project folders holding just the files a test names,
// removed after each test.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach } from 'vitest';

/**
 * Registers the clean-up (afterEach) and answers `project(files)`: a new folder (named from
 * `prefix`) with each file at its relative path, an object written as JSON; answers the folder.
 */
export function tempProjects(prefix: string): (files: Record<string, unknown>) => string {
  const dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });
  return (files) => {
    const root = mkdtempSync(path.join(os.tmpdir(), prefix));
    dirs.push(root);
    for (const [rel, content] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
      writeFileSync(path.join(root, rel), typeof content === 'string' ? content : JSON.stringify(content));
    }
    return root;
  };
}
