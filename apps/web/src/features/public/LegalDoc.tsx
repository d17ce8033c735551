import { useTranslation } from 'react-i18next';

export interface DocSection {
  title: string;
  paragraphs?: string[];
  items?: string[];
}

interface DocContent {
  title: string;
  updated: string;
  intro: string;
  sections: DocSection[];
}

/** Renders a document catalogue entry ({title, updated, intro, sections}) of the 'legal' namespace. */
export function LegalDoc({ doc }: { doc: 'agreement' | 'privacy' | 'about' }) {
  const { t } = useTranslation('legal');
  const content = t(doc, { returnObjects: true }) as DocContent;
  return (
    <article className="doc" data-testid={`doc-${doc}`}>
      <h1>{content.title}</h1>
      <p className="doc__meta">{content.updated}</p>
      <p>{content.intro}</p>
      {content.sections.map((s) => (
        <section key={s.title}>
          <h2>{s.title}</h2>
          {s.paragraphs?.map((p) => (
            <p key={p}>{p}</p>
          ))}
          {s.items && (
            <ul>
              {s.items.map((i) => (
                <li key={i}>{i}</li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </article>
  );
}
