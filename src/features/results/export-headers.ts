/**
 * The column names of LinkedIn's analytics export, by what each column holds. LinkedIn writes the
 * workbook in the member's interface language: English is the export's own (TOP POSTS: "Post URL",
 * "Post publish date", "Engagements", "Impressions"); the other languages are LinkedIn's
 * interface words for the same figures. A header is compared without case, accents or punctuation.
 */
export type ExportColumn =
  | 'url'
  | 'date'
  | 'impressions'
  | 'engagements'
  | 'membersReached'
  | 'reactions'
  | 'comments'
  | 'reshares'
  | 'text';

/** Whether dates written as 3/4/2026 put the month first (English) or the day first (the others). */
export type DateOrder = 'month-first' | 'day-first';

const aliases: Record<ExportColumn, readonly string[]> = {
  url: [
    'Post URL',
    'Beitrags-URL',
    'URL des Beitrags',
    'URL de la publication',
    'URL du post',
    'URL de la publicación',
    'URL da publicação',
    'URL del post',
    'URL van bericht',
    'Bericht-URL',
  ],
  date: [
    'Post publish date',
    'Publish date',
    'Veröffentlichungsdatum des Beitrags',
    'Veröffentlichungsdatum',
    'Date de publication de la publication',
    'Date de publication du post',
    'Date de publication',
    'Fecha de publicación de la publicación',
    'Fecha de publicación',
    'Data de publicação da publicação',
    'Data de publicação',
    'Data di pubblicazione del post',
    'Data di pubblicazione',
    'Publicatiedatum van bericht',
    'Publicatiedatum',
  ],
  impressions: ['Impressions', 'Impressionen', 'Impresiones', 'Impressões', 'Impressioni', 'Weergaven'],
  engagements: [
    'Engagements',
    'Interaktionen',
    'Interactions',
    'Interacciones',
    'Interações',
    'Interazioni',
    'Interacties',
  ],
  membersReached: [
    'Members reached',
    'Unique views',
    'Erreichte Mitglieder',
    'Membres touchés',
    'Miembros alcanzados',
    'Membros alcançados',
    'Membri raggiunti',
    'Bereikte leden',
  ],
  reactions: ['Reactions', 'Reaktionen', 'Réactions', 'Reacciones', 'Reações', 'Reazioni', 'Reacties'],
  comments: [
    'Comments',
    'Kommentare',
    'Commentaires',
    'Comentarios',
    'Comentários',
    'Commenti',
    'Opmerkingen',
  ],
  reshares: [
    'Reposts',
    'Reshares',
    'Shares',
    'Direkt geteilte Beiträge',
    'Republications',
    'Republicaciones',
    'Compartilhamentos',
    'Diffusioni',
  ],
  text: [
    'Post text',
    'Post commentary',
    'Beitragstext',
    'Texte de la publication',
    'Texto de la publicación',
  ],
};

/** A header as compared: lower case, without accents, punctuation or repeated spaces. */
export function headerKey(header: string): string {
  return header
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

const columnOf = new Map<string, ExportColumn>();
for (const [column, names] of Object.entries(aliases) as [ExportColumn, readonly string[]][])
  for (const name of names) columnOf.set(headerKey(name), column);

/** The column a header names, or null. */
export function exportColumnOf(header: string): ExportColumn | null {
  return columnOf.get(headerKey(header)) ?? null;
}

// Only the date's own header tells the language: "Impressions" is also French, "Engagements" too.
const englishKeys = new Set(['Post publish date', 'Publish date'].map(headerKey));

/** How the headers' language writes dates: English month first, every other language day first. */
export function dateOrderOf(headers: readonly string[]): DateOrder {
  return headers.some((header) => englishKeys.has(headerKey(header))) ? 'month-first' : 'day-first';
}

/** The sheet names of LinkedIn's export (English), to tell its workbook from another one. */
export const exportSheetNames = [
  'DISCOVERY',
  'ENGAGEMENT',
  'TOP POSTS',
  'FOLLOWERS',
  'DEMOGRAPHICS',
] as const;
