import type { SpellingVariant } from './voice-habits';

/**
 * British or American spelling, told from words spelt differently on each side of the Atlantic.
 * Only words with a spelling of their own count: "program" and "meter" are written in Britain too,
 * and "rise", "exercise", "advertise", "otherwise", "surprise" end in -ise everywhere, so none of
 * them is in these lists.
 */

/** -ise verbs spelt -ize in America, by their stem ("organ" for organise / organize). */
const izeStems = `agon annual antagon apolog author bapt brutal cannibal capital categor central character
  civil colon commercial compartmental computer conceptual contextual critic crystall custom decentral
  democrat demoral depriorit digit dramat emphas empath energ epitom evangel familiar fertil final galvan
  general global harmon hospital human ideal incentiv industrial item jeopard legitim local marginal maxim
  memor mesmer metabol minim mobil modern moistur monet moral neutral normal operational optim organ ostrac
  pasteur patron penal personal plagiar polar popular pressur priorit privat public rational real recogn
  reorgan revolution scrutin social special stabil standard steril strateg summar symbol sympath synchron
  synthes tantal terror theor trivial util vandal victim visual`.split(/\s+/u);
const izeEndings = ['e', 'es', 'ed', 'ing', 'er', 'ers', 'ation', 'ations', 'ational', 'able'];

/** -our words spelt -or in America, by their stem ("col" for colour / color). */
const ourStems =
  `ard arm behavi cand clam col endeav fav ferv flav harb hon hum lab neighb od parl rig rum sav savi
  splend tum val vig`.split(/\s+/u);
// Not "-ous" or "-ary": humorous, vigorous and honorary are spelt so on both sides.
const ourEndings = ['', 's', 'ed', 'ing', 'ite', 'ites', 'able', 'al', 'ful', 'hood', 'hoods', 'less'];

/** Other pairs, British first; a British word with no American twin of its own pairs with "". */
const pairs = `analyse:analyze analysed:analyzed analyses:analyzes analysing:analyzing analyser:analyzer
  paralyse:paralyze paralysed:paralyzed catalyse:catalyze catalysed:catalyzed
  centre:center centres:centers centred:centered theatre:theater theatres:theaters fibre:fiber fibres:fibers
  litre:liter litres:liters calibre:caliber sombre:somber spectre:specter lustre:luster meagre:meager
  metre: metres: programme: programmes: licence: licences: cheque: cheques: tyre: tyres: whilst: learnt:
  practise: practised: practising: practises:
  defence:defense offence:offense pretence:pretense catalogue:catalog catalogues:catalogs
  travelled:traveled travelling:traveling traveller:traveler travellers:travelers
  cancelled:canceled cancelling:canceling labelled:labeled labelling:labeling modelled:modeled
  modelling:modeling fuelled:fueled fuelling:fueling signalled:signaled signalling:signaling
  counselling:counseling counsellor:counselor levelled:leveled levelling:leveling marvellous:marvelous
  channelled:channeled totalled:totaled jewellery:jewelry enrolment:enrollment fulfil:fulfill
  fulfils:fulfills fulfilment:fulfillment skilful:skillful instalment:installment wilful:willful
  grey:gray aluminium:aluminum mum:mom mums:moms maths:math ageing:aging sceptical:skeptical
  sceptic:skeptic scepticism:skepticism manoeuvre:maneuver paediatric:pediatric cosy:cozy plough:plow
  pyjamas:pajamas mould:mold armoury:armory savoury:savory`.split(/\s+/u);

function spellings(): Map<string, SpellingVariant> {
  const variants = new Map<string, SpellingVariant>();
  const add = (british: string, american: string) => {
    variants.set(british, 'en-GB');
    if (american !== '') variants.set(american, 'en-US');
  };
  for (const stem of izeStems) for (const end of izeEndings) add(`${stem}is${end}`, `${stem}iz${end}`);
  for (const stem of ourStems) for (const end of ourEndings) add(`${stem}our${end}`, `${stem}or${end}`);
  for (const pair of pairs) {
    const [british = '', american = ''] = pair.split(':');
    add(british, american);
  }
  return variants;
}

let known: Map<string, SpellingVariant> | null = null;

/** The spelling most of a text's marked words follow, or null when it has none or as many of each. */
export function spellingOf(text: string): SpellingVariant | null {
  known ??= spellings();
  let [british, american] = [0, 0];
  for (const word of text.toLowerCase().match(/\p{L}+/gu) ?? []) {
    const variant = known.get(word);
    if (variant === 'en-GB') british += 1;
    else if (variant === 'en-US') american += 1;
  }
  if (british === american) return null;
  return british > american ? 'en-GB' : 'en-US';
}
