import type { ReactNode } from 'react';

interface SectionProps {
  id: string;
  title?: string;
  columns?: number;
  children?: ReactNode;
}

/**
 * A section of the form as a CSS grid: a field's span is `grid-column: span n` (EngineItem).
 * A plain grid rather than Formily's FormGrid: FormGrid measures its width with ResizeObserver,
 * which jsdom lacks, and a fixed column count prints predictably on A4.
 */
export function FormSection({ id, title, columns = 1, children }: SectionProps) {
  return (
    <section className="fr-section" data-section={id}>
      {title && <h3 className="fr-section-title">{title}</h3>}
      <div className="fr-grid" style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}>
        {children}
      </div>
    </section>
  );
}

export function FormGroup({ id, title, columns = 1, children }: SectionProps) {
  return (
    <fieldset className="fr-group" data-group={id} style={{ gridColumn: '1 / -1' }}>
      {title && <legend className="fr-group-title">{title}</legend>}
      <div className="fr-grid" style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}>
        {children}
      </div>
    </fieldset>
  );
}
