import type { ExportColumnWire } from '../../../src/shared/admin-wire';

/** One exported column of the export request (spec 002 §3). */
export type ExportColumn = ExportColumnWire;

export interface HeaderCell {
  label: string;
  /** Header row (0 = first header row) and data column (0-based) of the top-left corner. */
  row: number;
  col: number;
  rowspan: number;
  colspan: number;
}

export interface HeaderLayout {
  /** The data columns, left to right. */
  leaves: ExportColumn[];
  cells: HeaderCell[];
  /** Number of header rows. */
  depth: number;
}

interface Node {
  column: ExportColumn;
  rowspan: number;
  children: Node[];
}

/**
 * The request lists header cells in reading order, the way the web table declares grouped
 * headers: an entry with colspan n > 1 is a group heading over the entries that follow it until
 * they cover n columns (groups may nest); every other entry is a data column. A group occupies
 * `rowspan` header rows (default 1) and its members start below it; a data column reaches down to
 * the last header row, so the data lines up under it whatever rowspan it declared.
 */
export function headerLayout(columns: ExportColumn[]): HeaderLayout {
  let index = 0;
  const span = (c: ExportColumn) => Math.max(1, Math.floor(Number(c.colspan) || 1));
  const rows = (c: ExportColumn) => Math.max(1, Math.floor(Number(c.rowspan) || 1));

  // Reads entries until `width` data columns are covered (or the list ends); returns the nodes.
  const readLevel = (width: number): Node[] => {
    const nodes: Node[] = [];
    let covered = 0;
    while (index < columns.length && covered < width) {
      const column = columns[index++]!;
      if (span(column) > 1) {
        const children = readLevel(span(column));
        if (children.length === 0) continue; // a group heading with nothing under it has no column
        nodes.push({ column, rowspan: rows(column), children });
        covered += leafCount(children);
      } else {
        nodes.push({ column, rowspan: rows(column), children: [] });
        covered += 1;
      }
    }
    return nodes;
  };
  const roots = readLevel(Number.POSITIVE_INFINITY);

  const depthOf = (nodes: Node[]): number => Math.max(1, ...nodes.map((n) => (n.children.length ? n.rowspan + depthOf(n.children) : 1)));
  const depth = depthOf(roots);
  const leaves: ExportColumn[] = [];
  const cells: HeaderCell[] = [];
  const place = (nodes: Node[], row: number) => {
    for (const node of nodes) {
      const col = leaves.length;
      if (node.children.length === 0) {
        leaves.push(node.column);
        cells.push({ label: node.column.label, row, col, rowspan: depth - row, colspan: 1 });
      } else {
        const rowspan = Math.min(node.rowspan, depth - row - 1);
        cells.push({ label: node.column.label, row, col, rowspan, colspan: leafCount(node.children) });
        place(node.children, row + rowspan);
      }
    }
  };
  place(roots, 0);
  return { leaves, cells, depth };
}

function leafCount(nodes: Node[]): number {
  return nodes.reduce((sum, n) => sum + (n.children.length ? leafCount(n.children) : 1), 0);
}
