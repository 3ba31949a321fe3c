import { describe, expect, it } from 'vitest';
import { checkPost, type FindingKind } from './check-post';

/**
 * Tells the check used to miss (issue 26), each with near-misses a person writes, so a rule that
 * grows to catch them does not start flagging ordinary sentences.
 */

const body =
  'Last spring our support queue doubled in six weeks. We rewrote one page with the two people who answer most of the tickets, and within a month the queue was back where it started.';
/** The words each finding of `kind` covers. */
const places = (text: string, kind: FindingKind) =>
  checkPost(text)
    .filter((finding) => finding.kind === kind)
    .map((finding) => text.slice(finding.start, finding.end));

describe('the ending that only asks for engagement', () => {
  it.each([
    ['Agree? 👇', 'Agree? 👇'],
    ['Thoughts? 💭', 'Thoughts? 💭'],
    ['👉 Agree?', '👉 Agree?'],
    ['Agree??', 'Agree??'],
    ['Agree or disagree?', 'Agree or disagree?'],
    ['Do you agree?', 'Do you agree?'],
    ['Thoughts? Drop them below.', 'Thoughts? Drop them below.'],
    ['What do you think? Let me know in the comments.', 'What do you think? Let me know in the comments.'],
    ['Share your thoughts below 👇', 'Share your thoughts below 👇'],
    ['Agree?\n\n#Leadership #Startups', 'Agree?'],
    ['Thoughts?\n#Leadership', 'Thoughts?'],
    ['What do you think? 👇\n\n#Hiring', 'What do you think? 👇'],
    ['Agree? #Leadership #Hiring', 'Agree?'],
    ['Which tip will you try? Let me know in the comments below.', 'Let me know in the comments below.'],
    ['Share yours below!', 'Share yours below!'],
  ])('flags %j as the whole ending', (ending, words) => {
    expect(places(`${body}\n\n${ending}`, 'stock-closer')).toEqual([words]);
  });

  it('flags bait as the last sentence of the last paragraph', () => {
    expect(places(`${body} Agree?`, 'stock-closer')).toEqual(['Agree?']);
    expect(places(`${body}\n\nThat was the whole fix. Thoughts?\n\n#Support`, 'stock-closer')).toEqual([
      'Thoughts?',
    ]);
  });

  it.each([
    'Would you have done the same?\n\n#Leadership #Startups',
    'What do you think about four-day weeks? We are trying them in May.',
    'Agree? Not everyone on the team did, and that was fine.',
    'Thoughts on this are welcome in my inbox, not in the comments.',
    'I agree.',
    'What would you have done with the two hires?\n\n#Support',
  ])('leaves %j alone', (ending) => {
    expect(places(`${body}\n\n${ending}`, 'stock-closer')).toEqual([]);
  });

  it('does not take bait that comes before the ending for the ending', () => {
    expect(places(`Agree?\n\n${body}\n\n#Support`, 'stock-closer')).toEqual([]);
  });
});

describe('"it\'s not X, it\'s Y" joined by a dash', () => {
  it.each([
    "It's not a tooling problem — it's a habit problem.",
    "It's not a tooling problem – it's a habit problem.",
    "It's not a tooling problem - it's a habit problem.",
    'This isn’t a hiring problem—it’s a retention problem.',
    "Culture isn't a poster — it's what you tolerate.",
    "It wasn't luck. It was three years of boring work.",
    "It wasn't luck — it was three years of boring work.",
    "You don't need more leads. You need better ones.",
  ])('flags "%s"', (sentence) => {
    expect(places(`${body}\n\n${sentence}`, 'not-x-but-y')).toHaveLength(1);
  });

  it.each([
    'It is not a well-known tool - yet - but the team likes it.',
    "It wasn't easy to hear, so I asked again on Monday.",
    "You don't need permission to fix a typo in the docs.",
    'We did not hire anyone — we read the tickets instead.',
    'The 2019–2021 numbers are not comparable; the 2022 ones are.',
  ])('leaves "%s" alone', (sentence) => {
    expect(places(`${body}\n\n${sentence}`, 'not-x-but-y')).toEqual([]);
  });
});

describe('stock set-up lines', () => {
  it.each([
    ["Here's why:", 'stock-opener', "Here's why:"],
    ['Here’s why.', 'stock-opener', 'Here’s why.'],
    ["Here's the thing.", 'stock-opener', "Here's the thing."],
    ["Here's the thing about hiring: nobody reads the job ad.", 'stock-opener', "Here's the thing"],
    ["Here's what I learned:", 'stock-opener', "Here's what I learned:"],
    ["Let's be honest: most roadmaps are guesses.", 'stock-opener', "Let's be honest:"],
    ['Let’s be real, nobody reads the docs.', 'stock-opener', 'Let’s be real'],
    ['Unpopular opinion: stand-ups are fine.', 'stock-opener', 'Unpopular opinion:'],
    ['The result? A queue back to normal.', 'stock-opener', 'The result?'],
    ['We shipped it. The best part? Nobody noticed.', 'stock-opener', 'The best part?'],
    ['Read that again.', 'stock-closer', 'Read that again.'],
    ['And that’s okay.', 'stock-closer', 'And that’s okay.'],
    ["And that's OK.", 'stock-closer', "And that's OK."],
  ] as const)('flags %j', (sentence, kind, words) => {
    expect(places(`${body}\n\n${sentence}\n\nMore next week.`, kind)).toEqual([words]);
  });

  it.each([
    "Here's why we moved the stand-up to Tuesday: half the team was off on Mondays.",
    "Here's how the new billing page looks after the rewrite.",
    'I had to read that again before I believed the numbers.',
    "And that's okay with me, as long as the tests pass.",
    'Honestly, the result was a queue back to normal.',
    'What was the result? We are still counting.',
    "Let's be clear about the dates: the launch is 4 May.",
    'My opinion, unpopular as it is: stand-ups are fine.',
  ])('leaves "%s" alone', (sentence) => {
    const text = `${body}\n\n${sentence}\n\nMore next week.`;
    expect([...places(text, 'stock-opener'), ...places(text, 'stock-closer')]).toEqual([]);
  });
});

describe('lists of three', () => {
  it('leaves three names alone, but not three adjectives', () => {
    expect(places(`${body} Thanks to Ana, Raj and Tom for the weekend.`, 'rule-of-three')).toEqual([]);
    expect(places(`${body} We moved from London, Paris and Berlin.`, 'rule-of-three')).toEqual([]);
    expect(places(`${body} It made us faster, cheaper and calmer.`, 'rule-of-three')).toEqual([
      'faster, cheaper and calmer',
    ]);
  });
});

describe('tells found while labelling the evaluation set', () => {
  it.each([
    [
      "In today's rapidly evolving business environment, teams must adapt.",
      'stock-opener',
      "In today's rapidly evolving business environment",
    ],
    ['Gone are the days when one channel was enough.', 'stock-opener', 'Gone are the days'],
    ["Here's what actually works:", 'stock-opener', "Here's what actually works:"],
    ["Here's what nobody tells you about managing people.", 'stock-opener', "Here's what nobody tells you"],
    ['My advice? Pick one skill and go deep.', 'stock-opener', 'My advice?'],
    ['**The bottom line?** Companies that listen, win.', 'stock-opener', 'The bottom line?'],
    ['When I embarked on this journey, I had no plan.', 'stock-vocabulary', 'embarked'],
    ['Businesses must leverage every advantage.', 'stock-vocabulary', 'leverage'],
    ["They don't chase busyness. They chase impact.", 'not-x-but-y', "They don't chase busyness. They chase"],
    [
      "Great salespeople don't just sell products, but they build trust.",
      'not-x-but-y',
      "don't just sell products, but",
    ],
    [
      'Success is not the absence of failure, but how you respond to it.',
      'not-x-but-y',
      'is not the absence of failure, but how',
    ],
    ['We grew revenue this year—2.8x—with the same team.', 'em-dash', '—'],
    ['𝗧𝗵𝗲 𝗳𝗶𝗿𝘀𝘁 𝗽𝗮𝘁𝘁𝗲𝗿𝗻: 𝗰𝗹𝗮𝗿𝗶𝘁𝘆.', 'unicode-styling', '𝗧𝗵𝗲 𝗳𝗶𝗿𝘀𝘁 𝗽𝗮𝘁𝘁𝗲𝗿𝗻: 𝗰𝗹𝗮𝗿𝗶𝘁𝘆'],
  ] as const)('flags %j', (sentence, kind, words) => {
    expect(places(`${body}\n\n${sentence}\n\nMore next week.`, kind)[0]).toBe(words);
  });

  it.each([
    ["In today's meeting we agreed to ship on Monday.", 'stock-opener'],
    ["Here's how we did it in one afternoon: we moved the install above the copy.", 'stock-opener'],
    ["Here's what we changed in the parser last week.", 'stock-opener'],
    ['My dad has been a landscape gardener for 40 years.', 'stock-vocabulary'],
    ['Nobody could unlock the side entrance for two hours.', 'stock-vocabulary'],
    ['We watched 3,000 passengers embark in under four hours.', 'stock-vocabulary'],
    ["That's not what I told the board, I'm fairly sure of it.", 'not-x-but-y'],
    ['We are not just a payroll company, but I understand why people think so.', 'not-x-but-y'],
    ['This is not the sort of research that ends up here, but a few people asked.', 'not-x-but-y'],
    ['They will try it from July–September on the London–Paris route.', 'em-dash'],
    ['We included rent, energy and their own time.', 'rule-of-three'],
    ['Two engineers knew the old code well, warts and all.', 'rule-of-three'],
    ['It is queues, signs and people in bright jackets.', 'rule-of-three'],
    ['Culture is the shared values, rituals, and behaviours that define a team.', 'rule-of-three'],
  ] as const)('leaves %j alone', (sentence, kind) => {
    expect(places(`${body}\n\n${sentence}\n\nMore next week.`, kind)).toEqual([]);
  });

  it('takes keycap emoji for bullets, and an arrow emoji for an arrow', () => {
    const text = `${body}\n\n1️⃣ Wake up early\n2️⃣ No phone\n➡️ Try it for a month.`;
    expect(places(text, 'emoji-bullets')).toEqual(['1️⃣ ', '2️⃣ ']);
    expect(places(text, 'arrow-bullets')).toEqual(['➡️ ']);
  });
});
