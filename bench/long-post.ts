const postParagraphs = [
  'Five years ago I was the engineer who said yes to every request, and I thought that made me valuable.',
  'It did not. It made me busy, tired and invisible, because nobody could tell which of my twenty projects actually mattered to me or to the business.',
  'The turning point came during a quarterly review. My manager asked a simple question: "If you could only keep three of these, which would they be?" I could not answer.',
  'That night I wrote down everything I was working on and next to each item one sentence about why it mattered. Half of the list had no good sentence.',
  'Here is what I changed over the following year:',
  '1. I started every week by choosing one outcome that would make the week a success, and I protected the hours it needed.',
  '2. I replaced "yes" with "yes, if": yes, if we drop something else, yes, if it can wait two weeks, yes, if someone else owns the follow-up.',
  '3. I wrote short notes after every project: what we shipped, what it changed for customers, what I would do differently next time.',
  '4. I asked for feedback early, when a draft was still rough, instead of polishing alone for weeks and hoping it landed.',
  '5. I made my work visible without bragging: a two-line update in the team channel every Friday, with a link and a number.',
  'The results surprised me. My calendar got lighter, my projects got bigger, and my reviews finally described the work I was proudest of.',
  'The hardest part was not the saying no. It was accepting that some people would be disappointed for a day, and that this was fine.',
  'If you are early in your career, you do not need to do more. You need to be clear about what you are doing and why it matters.',
  'A few questions that helped me and might help you: Which of your projects would you still defend in a year? Who would notice if you stopped doing the rest? What would you build with the time you got back?',
  'Sounds simple. It was not.',
  'Focus is not a personality trait. It is a set of small decisions, made every Monday morning, that add up to a career you actually chose.',
];
const postClosing = [
  'What is one thing you said no to this year that made room for something better?',
  '#CareerGrowth #Leadership #Productivity #SoftwareEngineering #Focus',
];

/**
 * A realistic LinkedIn post of about `targetLength` characters (never more): the paragraphs above
 * repeated with blank lines between them (topped up with whichever still fit), then a closing
 * question and hashtags.
 */
export function buildLongPost(targetLength = 3000): string {
  const closing = postClosing.join('\n\n');
  const parts: string[] = [];
  const fits = (paragraph: string) => [...parts, paragraph, closing].join('\n\n').length <= targetLength;
  // In order, round after round; once one does not fit, top up with any later one that still does.
  for (let index = 0, misses = 0; misses < postParagraphs.length; index += 1) {
    const paragraph = postParagraphs[index % postParagraphs.length] ?? '';
    if (fits(paragraph)) {
      parts.push(paragraph);
      misses = 0;
    } else {
      misses += 1;
    }
  }
  return [...parts, closing].join('\n\n');
}
