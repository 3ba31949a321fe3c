import { describe, expect, it } from 'vitest';
import { deriveVoiceHabits } from './derive-voice-habits';
import { deriveVoiceProfile } from './derive-voice-profile';
import { americanSalesCoach, britishSalesCoach } from './fixtures/sales-coach-posts';
import { voiceProfileLimits, voiceTextFields, type VoiceProfile } from './voice-profile';
import { voiceProfileSchema } from './voice-profile-schema';

/** A story-teller: long paragraphs of long sentences, no emoji, no hashtags, ends on a takeaway. */
const storyteller = [
  `Last spring our support queue doubled in six weeks, and I was sure we needed two more hires before the summer. We did not hire anyone. Instead I sat with the support team for a whole morning and we read the last hundred tickets together, one by one, out loud.

Forty of them were the same question about invoices, asked in slightly different words, because our billing page buried the answer three clicks deep. So we rewrote that one page with the two people who answer most of those tickets. It took an afternoon and a lot of arguing about a single sentence.

Within a month the queue was back where it started. Before adding people to a problem, read the problem slowly with the people who already have it.`,
  `When I started managing the support team, I thought my job was to answer the hardest tickets myself. I stayed late most nights and felt useful, and the team quietly stopped bringing me anything interesting because they knew I would take it.

It took a blunt comment from a new hire to show me what I was doing. She asked why she should learn the billing system if I always stepped in. I had no good answer, so I stopped answering tickets for a month and sat next to whoever was stuck instead.

The queue got slower for two weeks and then faster than it had ever been. The people closest to the problem usually know the answer, and they learn nothing while you take it from them.`,
  `Three years ago we lost our biggest customer because of a billing mistake that nobody on the support team was allowed to fix. The customer had written to us four times about the same invoice, and each reply promised that someone in finance would look at it soon.

I spent the following week rebuilding the process with the support team so that the person who reads a complaint can also correct it. It meant trusting people with refunds up to a fixed amount without asking a manager first, which made our finance lead nervous for about a month.

Refunds did not go up in the end. Complaints went down by a third, because problems were fixed by the first person who saw them. Give the people who read the complaints the power to fix them.`,
];

/** One-liners: a line per paragraph, emoji bullets, five hashtags on the last line, a call to action. */
const oneLiner = [
  `Most founders hire too early. 🚀

Here's what I learned after 40 interviews:

✅ Hire for the problem you have today.
✅ Write the job down before you post it.
✅ Pay for speed, not for titles.

Slow hiring is a feature. Not a bug.

Follow me for more lessons on hiring. 💡

#Hiring #Startups #Founders #Leadership #Growth`,
  `73% of job posts are copied from another company. 📋

That's why they attract the wrong people.

Write yours from scratch.
Name the problem.
Name the first win.

Simple. Not easy. 💡

Repost if your team needs this. ♻️

#Hiring #Recruiting #Startups #Leadership #Culture`,
  `Stop hiring for culture fit. 🛑

Hire for culture add.

The best hire I ever made disagreed with my #1 rule in the interview.
Twice.

She was right both times. 🙌

Comment "ADD" and I'll send you my interview guide. 🚀

#Hiring #Culture #Founders #Teams #Startups`,
];

/** A mixed author: varied openings, questions to readers at the end, a rare emoji, hashtags in the text. */
const mixed = [
  `What would you do with a four-day week?

We tried it at Northwind for six months. Output stayed flat, sick days fell by half, and nobody wanted to go back. The hard part was meetings, not work.

Would your team leverage a fifth free day, or fill it with more meetings?`,
  `I hired my first engineer in 2019 and got almost everything wrong.

No onboarding plan. No written goals. A laptop that arrived two weeks late. She stayed anyway, and taught me more about onboarding than any book.

What was the best onboarding you ever had? 🙏`,
  `62% of remote workers say meetings are the worst part of their week (Owl Labs, 2024).

At Northwind we cut recurring meetings to two per week, e.g. planning and a demo. The rest moved to written updates, which people actually read. We also started writing decisions down, so they stop getting made twice.

How many recurring meetings are on your calendar right now? #RemoteWork`,
  `Is remote work killing your culture? At Northwind, bad meetings nearly killed ours.

We fixed it with fewer meetings, written decisions and one day a month together in person. That day is the one everyone protects.

Link in the comments if you want our meeting rules. #RemoteWork #Meetings`,
];

/** A British author: British spelling, a proper noun in the middle of sentences, takeaways. */
const british = [
  `Our organisation spent a year trying to realise a single customer view across the NHS trusts we work with.

The programme taught us that colour-coded dashboards change nothing on their own. Behaviour changes when a ward manager sees her own numbers every morning.

Start with one ward, one number and one conversation.`,
  `Favourite lesson from ten years in NHS digital programmes: the organisation that listens first moves fastest.

We realise now that every programme we rushed had to be rebuilt within eighteen months. The ones we co-designed with nurses are still running.

Listening is not a delay. It is the work.`,
  `Programme boards love colour-coded status reports. Green, amber, red.

In our organisation the reports were green for eleven months while the NHS trust we served quietly lost patience. Nobody had asked the people on the wards.

Ask the ward before you ask the board.`,
];

const stockPhrases = [
  'delve',
  'game-changer',
  'unlock',
  'elevate',
  'leverage',
  'tapestry',
  'landscape',
  'realm',
  'seamless',
  'pivotal',
  'embark',
  "in today's fast-paced world",
  'let that sink in',
  "here's the thing",
];
const withoutLeverage = stockPhrases.filter((phrase) => phrase !== 'leverage');

/** A sentence of `count` words ("Word word word."): 5 characters a word. */
const sentence = (count: number) => `Word${' word'.repeat(count - 1)}.`;
const profile = (...samples: string[]) => deriveVoiceProfile(samples);
const field = (key: keyof VoiceProfile, ...samples: string[]) => profile(...samples)[key];

describe('deriveVoiceProfile', () => {
  describe('a British sales coach (issue 26: the author’s voice wins)', () => {
    const coach = deriveVoiceProfile(britishSalesCoach);

    it('names the openings it sees with their counts, and no story the posts do not tell', () => {
      expect(coach.openings).toBe(
        'Usually opens with a number (3 of 5 posts), otherwise a contrarian claim (2 of 5), like "97 cold calls. 3 meetings. 1 deal."',
      );
    });

    it('counts a closing question followed by hashtags as a question', () => {
      expect(coach.closings).toBe('Ends every post with a question to readers');
    });

    it('lists the author’s recurring phrases, not their most frequent words', () => {
      expect(coach.phrasesUsed.slice(0, 2)).toEqual([
        "Here's what I'd do instead",
        'Boring? Yes. Works? Also yes.',
      ]);
      const frequentWords = ['call', 'calls', 'sales', 'became', 'keep', 'growth', 'team', 'pipeline'];
      expect(coach.phrasesUsed.filter((phrase) => frequentWords.includes(phrase.toLowerCase()))).toEqual([]);
      expect(coach.phrasesUsed.every((phrase) => phrase.includes(' '))).toBe(true);
    });

    it('says the same of the American spelling of the posts', () => {
      const american = deriveVoiceProfile(americanSalesCoach);
      expect(american.openings).toBe(coach.openings);
      expect(american.phrasesUsed.slice(0, 2)).toEqual(coach.phrasesUsed.slice(0, 2));
    });
  });

  describe('whole profiles', () => {
    it('describes a story-teller: long paragraphs, first-person openings, takeaways, no emoji or hashtags', () => {
      expect(deriveVoiceProfile(storyteller)).toEqual({
        length: 'About 130 words (708 characters); from 128 to 135 words',
        sentences: 'Medium-length sentences, 18 words on average',
        paragraphs: 'About 3 paragraphs per post, of 2 to 3 sentences (usually 2)',
        openings:
          'Opens every post with a first-person story, like "Last spring our support queue doubled in six weeks, and I…"',
        closings: 'Ends every post with a takeaway',
        emoji: 'No emoji',
        hashtags: 'No hashtags',
        phrasesUsed: ['support team', 'with the support team', 'It took'],
        phrasesAvoided: stockPhrases,
      });
    });

    it('describes a one-liner style: fragments, emoji bullets, five hashtags on the last line, calls to action', () => {
      expect(deriveVoiceProfile(oneLiner)).toEqual({
        length: 'About 38 words (270 characters); from 36 to 48 words',
        sentences:
          'Short sentences, 6 words on average, with many fragments of 3 words or fewer (23% of sentences)',
        paragraphs: 'About 5 paragraphs per post, of 1 to 3 sentences (usually 1); most are a single line',
        openings:
          'Usually opens with a contrarian claim (2 of 3 posts), otherwise a number (1 of 3), like "Most founders hire too early. 🚀"',
        closings: 'Ends every post with a call to action',
        emoji: 'About 4 emoji per post (✅, 🚀, 💡); some lines start with one, as bullets',
        hashtags: 'About 5 hashtags per post, on the last line (#Hiring, #Startups, #Founders)',
        phrasesUsed: [],
        phrasesAvoided: stockPhrases,
      });
    });

    it('describes a mixed author who ends on questions and uses "leverage"', () => {
      expect(deriveVoiceProfile(mixed)).toEqual({
        length: 'About 49 words (279 characters); from 45 to 63 words',
        sentences: 'Short sentences, 10 words on average',
        paragraphs: 'About 3 paragraphs per post, of 1 to 4 sentences (usually 1); most are a single line',
        openings:
          'Opens with a question (2 of 4 posts), a first-person story (1 of 4) or a number (1 of 4), like "What would you do with a four-day week?"',
        closings:
          'Usually ends with a question to readers (3 of 4 posts), otherwise a call to action (1 of 4)',
        emoji: 'Rarely: 1 emoji in 4 posts (🙏)',
        hashtags: 'About 1 hashtag per post, on the last line (#RemoteWork, #Meetings)',
        phrasesUsed: [],
        phrasesAvoided: withoutLeverage,
      });
    });

    it('keeps British spelling and proper nouns as written, and lists no phrase the posts do not repeat', () => {
      expect(deriveVoiceProfile(british)).toEqual({
        length: 'About 49 words (296 characters); from 44 to 52 words',
        sentences: 'Short sentences, 10 words on average',
        paragraphs: 'About 3 paragraphs per post, of 1 to 2 sentences (usually 2)',
        openings:
          'Usually opens with a statement (2 of 3 posts), otherwise a first-person story (1 of 3), like "Favourite lesson from ten years in NHS digital programmes:…"',
        closings: 'Ends every post with a takeaway',
        emoji: 'No emoji',
        hashtags: 'No hashtags',
        phrasesUsed: [],
        phrasesAvoided: stockPhrases,
      });
    });

    it('works from a single sample: no range, no "every post", no phrases', () => {
      expect(deriveVoiceProfile([storyteller[0]!])).toEqual({
        length: 'About 130 words (708 characters)',
        sentences: 'Medium-length sentences, 16 words on average',
        paragraphs: 'About 3 paragraphs per post, of 2 to 3 sentences (usually 3)',
        openings:
          'Opens with a first-person story, like "Last spring our support queue doubled in six weeks, and I…"',
        closings: 'Ends with a takeaway',
        emoji: 'No emoji',
        hashtags: 'No hashtags',
        phrasesUsed: [],
        phrasesAvoided: stockPhrases,
      });
    });

    it('ignores blank samples, and gives an empty profile when every sample is blank', () => {
      expect(deriveVoiceProfile(['', ...mixed, '  \n\n \t'])).toEqual(deriveVoiceProfile(mixed));
      expect(deriveVoiceProfile(['', ' \n '])).toEqual({
        length: '',
        sentences: '',
        paragraphs: '',
        openings: '',
        closings: '',
        emoji: '',
        hashtags: '',
        phrasesUsed: [],
        phrasesAvoided: [],
      });
      expect(deriveVoiceProfile([])).toEqual(deriveVoiceProfile(['']));
    });

    it('leaves out samples of emoji or hashtags only', () => {
      expect(deriveVoiceProfile(['🚀🚀🚀', '#launch #team', ...british])).toEqual(
        deriveVoiceProfile(british),
      );
    });

    it('reads Windows and old Mac line ends like Unix ones, and ignores space around a sample', () => {
      const windows = oneLiner.map((sample) => sample.replaceAll('\n', '\r\n'));
      const mac = oneLiner.map((sample) => `\n  ${sample.replaceAll('\n', '\r')}\n\n `);
      expect(deriveVoiceProfile(windows)).toEqual(deriveVoiceProfile(oneLiner));
      expect(deriveVoiceProfile(mac)).toEqual(deriveVoiceProfile(oneLiner));
    });

    it('is deterministic', () => {
      const samples = [...storyteller, ...oneLiner, ...mixed];
      expect(deriveVoiceProfile(samples)).toEqual(deriveVoiceProfile([...samples]));
      expect(JSON.stringify(deriveVoiceProfile(samples))).toBe(JSON.stringify(deriveVoiceProfile(samples)));
    });
  });

  describe('limits', () => {
    const expectWithinLimits = (result: VoiceProfile) => {
      expect(voiceProfileSchema.parse(result)).toEqual(result);
      for (const key of voiceTextFields) {
        expect(result[key].length).toBeLessThanOrEqual(voiceProfileLimits.field);
        expect(result[key]).toBe(result[key].trim());
      }
      for (const list of [result.phrasesUsed, result.phrasesAvoided]) {
        expect(list.length).toBeLessThanOrEqual(voiceProfileLimits.phrases);
        for (const phrase of list) expect(phrase.length).toBeLessThanOrEqual(voiceProfileLimits.phrase);
      }
    };

    it.each([
      ['story-teller', storyteller],
      ['one-liner', oneLiner],
      ['mixed', mixed],
      ['British', british],
      ['all together', [...storyteller, ...oneLiner, ...mixed].slice(0, 10)],
    ])('keeps the %s profile within the schema', (_name, samples) => {
      expectWithinLimits(deriveVoiceProfile(samples));
    });

    it('stays within the limits for ten extreme samples of 5,000 characters', () => {
      const longWord = 'a'.repeat(5000);
      const longHashtag = `Launch day. #${'b'.repeat(4980)}`;
      const emoji = '👩🏽‍💻'.repeat(700).slice(0, 5000);
      const longLine = `${'Supercalifragilistic-expialidocious-'.repeat(40)} done.`.slice(0, 5000);
      const phrases = Array.from(
        { length: 300 },
        (_, i) => `Zebra${String.fromCharCode(97 + (i % 26))}x`,
      ).join(' ');
      const kinds = ['Why? '.repeat(1000), '73% agree. '.repeat(450), 'I was there. '.repeat(380)];
      const samples = [
        longWord,
        longHashtag,
        emoji,
        longLine,
        phrases,
        phrases,
        ...kinds,
        '!'.repeat(4999) + 'a',
      ];
      expect(samples).toHaveLength(10);
      // How fast it runs is measured by `npm run bench -- voice`, never asserted here.
      expectWithinLimits(deriveVoiceProfile(samples));
    });
  });

  describe('length', () => {
    it('gives the median words and characters and the range (even count: the mean of the middle two)', () => {
      const samples = [10, 20, 30, 100].map(sentence);
      expect(profile(...samples).length).toBe('About 25 words (125 characters); from 10 to 100 words');
    });

    it('takes the middle sample of an odd count, whatever the order', () => {
      expect(field('length', sentence(30), sentence(10), sentence(20))).toBe(
        'About 20 words (100 characters); from 10 to 30 words',
      );
    });

    it('rounds a half median up', () => {
      expect(field('length', sentence(10), sentence(11))).toBe(
        'About 11 words (53 characters); from 10 to 11 words',
      );
    });

    it('writes thousands with a comma and leaves the range out when all lengths are equal', () => {
      expect(field('length', sentence(1200), sentence(1200))).toBe('About 1,200 words (6,000 characters)');
      expect(field('length', sentence(999), sentence(1000))).toBe(
        'About 1,000 words (4,998 characters); from 999 to 1,000 words',
      );
    });

    it('says "1 word" and "1 character"', () => {
      expect(field('length', 'Hello.')).toBe('About 1 word (6 characters)');
      expect(field('length', 'A')).toBe('About 1 word (1 character)');
    });

    it('counts characters as LinkedIn does (an emoji counts 2) and leaves out hashtags at line ends', () => {
      expect(field('length', 'Five words in this post 🚀\n#one #two')).toBe('About 5 words (36 characters)');
    });
  });

  describe('sentences', () => {
    it('does not split at "e.g.", "Dr.", decimals or URLs, and does at ! ? and …', () => {
      const text =
        'We grew 3.5 times in a year (e.g. in London and Paris). See https://example.com/a.b for more. Dr. Smith agreed… Then we stopped!';
      const result = profile(text);
      expect(result.sentences).toBe(
        'Short sentences, 6 words on average, with many fragments of 3 words or fewer (50% of sentences)',
      );
      expect(result.paragraphs).toBe('About 1 paragraph per post, of 4 sentences');
    });

    it('ends a sentence at a closing quote or bracket after the stop, and at a line end without one', () => {
      expect(field('paragraphs', 'He said "stop." Then (quietly.) we left\nand came back')).toBe(
        'About 1 paragraph per post, of 4 sentences',
      );
    });

    it.each([
      [12, 'Short sentences, 12 words on average'],
      [13, 'Medium-length sentences, 13 words on average'],
      [20, 'Medium-length sentences, 20 words on average'],
      [21, 'Long sentences, 21 words on average'],
    ])('calls an average of %i words "%s"', (words, expected) => {
      expect(field('sentences', sentence(words))).toBe(expected);
    });

    it('says "1 word on average"', () => {
      expect(field('sentences', 'Yes. No? Maybe!')).toBe(
        'Short sentences, 1 word on average, with many fragments of 3 words or fewer (100% of sentences)',
      );
    });

    it('notes fragments from a fifth of the sentences, counting sentences of up to 3 words', () => {
      const body = [10, 10, 10, 10].map(sentence).join(' ');
      expect(field('sentences', `${sentence(3)} ${body}`)).toBe(
        'Short sentences, 9 words on average, with many fragments of 3 words or fewer (20% of sentences)',
      );
      expect(field('sentences', `${sentence(3)} ${body} ${sentence(10)}`)).toBe(
        'Short sentences, 9 words on average',
      );
      expect(field('sentences', `${sentence(4)} ${body}`)).toBe('Short sentences, 9 words on average');
    });

    it('does not count emoji, dashes or bullets as words', () => {
      expect(field('sentences', '🚀 — Ship it today.')).toBe(
        'Short sentences, 3 words on average, with many fragments of 3 words or fewer (100% of sentences)',
      );
    });
  });

  describe('paragraphs', () => {
    it('splits on blank lines, even ones holding spaces, and says "1 sentence"', () => {
      expect(field('paragraphs', 'One.\n  \nTwo.\n\nThree.')).toBe(
        'About 3 paragraphs per post, of 1 sentence; most are a single line',
      );
    });

    it('takes the median number of paragraphs per post', () => {
      expect(field('paragraphs', 'A b.', 'A b.\n\nC d.', 'A b.\n\nC d.\n\nE f.\n\nG h.\n\nI j.')).toBe(
        'About 2 paragraphs per post, of 1 sentence; most are a single line',
      );
    });

    it('says "most are a single line" only for more than half, and only for one-sentence lines', () => {
      expect(field('paragraphs', 'One line.\n\nTwo sentences here. Second one.')).toBe(
        'About 2 paragraphs per post, of 1 to 2 sentences (usually 2)',
      );
      expect(field('paragraphs', 'One line.\n\nTwo here. Yes.\n\nThree.')).toBe(
        'About 3 paragraphs per post, of 1 to 2 sentences (usually 1); most are a single line',
      );
      expect(field('paragraphs', 'Hello there.\n👇\n\nBye now.\n👇\n\nOk then.')).toBe(
        'About 3 paragraphs per post, of 1 sentence',
      );
    });

    it('leaves a paragraph of hashtags out, and does not count a line of hashtags', () => {
      expect(field('paragraphs', 'First point here.\n\nSecond point here.\n\n#one #two #three')).toBe(
        'About 2 paragraphs per post, of 1 sentence; most are a single line',
      );
      expect(field('paragraphs', 'Point one.\n#tag\n\nPoint two.\n#tag #more')).toBe(
        'About 2 paragraphs per post, of 1 sentence; most are a single line',
      );
    });

    it('takes several blank lines for one break', () => {
      expect(field('paragraphs', 'One.\n\n\nTwo.\n\n \n\n\nThree.')).toBe(
        'About 3 paragraphs per post, of 1 sentence; most are a single line',
      );
    });
  });

  describe('openings', () => {
    it.each([
      ['What would you do with a four-day week?', 'a question'],
      ['Really?! 👀', 'a question'],
      ['Last week I hired my first engineer.', 'a first-person story'],
      ['Our team spent a year on the wrong problem.', 'a first-person story'],
      ['I was excited to start on Monday.', 'a first-person story'],
      ['Yesterday my team of twelve people finally shipped.', 'a first-person story'],
      ['73% of hiring managers read only the first line.', 'a number'],
      ['$2M raised in nine days.', 'a number'],
      ['🚀 3 lessons from a failed launch.', 'a number'],
      ['Stop hiring for culture fit.', 'a contrarian claim'],
      ['One two three four five six seven eight.', 'a statement'],
      ['Remote work is not why your culture feels broken today.', 'a contrarian claim'],
      ["Most teams don't need another weekly status meeting.", 'a contrarian claim'],
      ['Unpopular opinion: the best managers write fewer job ads.', 'a contrarian claim'],
      ['One two three four five six seven eight nine.', 'a statement'],
      ["I'm excited to announce our new product launch today.", 'a statement'],
      ['We are thrilled to welcome three new people this month.', 'a statement'],
      ['I need a better way to plan my week and my team.', 'a statement'],
      ['My red bike is the one thing I use every day.', 'a statement'],
      ['See https://acme.com/?ref=1 for the details.', 'a statement'],
      ['Hiring takes 3 months now.', 'a statement'],
      ['Our culture and remote teams were fine from the first day.', 'a statement'],
      ['Our culture and the teams we hired were fine.', 'a first-person story'],
      ["I've learned more from failing than winning.", 'a first-person story'],
      ['I’ve learned more from failing than winning.', 'a first-person story'],
      ["I'd tried everything before that call.", 'a first-person story'],
      ['I’d tried everything before that call.', 'a first-person story'],
      ['It made me quit my first job.', 'a first-person story'],
      ['Two years ago my whole career plan changed.', 'a first-person story'],
      ['We needed a new plan after the launch.', 'a first-person story'],
      ['🛑 Stop hiring for culture fit in every single team.', 'a contrarian claim'],
      ['Nobody tells you how lonely the first startup year is.', 'a contrarian claim'],
      ['Hot take: most hiring processes are built for the company.', 'a contrarian claim'],
      ['Forget everything you were told about writing cover letters.', 'a contrarian claim'],
      ['No one reads the second paragraph of a job description.', 'a contrarian claim'],
      ['Remote work is no longer a perk for software engineers.', 'a contrarian claim'],
      ['Most founders never write down why they hired someone.', 'a contrarian claim'],
      ['I don’t think most teams need another status meeting.', 'a contrarian claim'],
      ['Notable results came from teams that wrote everything down.', 'a statement'],
      ['We should stop hiring for culture fit in every single team.', 'a statement'],
      ['12 months ago our pipeline was 80% referrals.', 'a number'],
      ['97 cold calls. 3 meetings. 1 deal.', 'a number'],
      ["Cold calling isn't dead. Lazy cold calling is.", 'a contrarian claim'],
      ['Sales training is overrated.', 'a contrarian claim'],
      ['Everyone is wrong about cold email.', 'a contrarian claim'],
      ['“Can you just make it pop?” Every client, every time.', 'a quote'],
      ['"We will never buy from a startup." Then they did.', 'a quote'],
      ['🗣️ “Just send me a deck.”', 'a quote'],
      ['He said “send me a deck” and left.', 'a statement'],
      ['What did “done” mean to you?', 'a question'],
    ])('reads "%s" as %s', (firstLine, kind) => {
      expect(field('openings', `${firstLine}\n\nThe rest of the post.`)).toBe(
        `Opens with ${kind}, like "${firstLine}"`,
      );
    });

    it('quotes the first line single-spaced', () => {
      expect(field('openings', 'Hiring is hard.  Really   hard.')).toBe(
        'Opens with a statement, like "Hiring is hard. Really hard."',
      );
    });

    it('classifies the first sentence of the first line that holds words', () => {
      expect(field('openings', '👇👇\n#tag\n   Why now? Because it is late.\n\nMore.')).toBe(
        'Opens with a question, like "Why now? Because it is late."',
      );
    });

    it('quotes a first line up to 60 characters, cutting a longer one at a word', () => {
      const sixty = 'Nobody reads past the first line of a post, so write it well';
      expect(sixty).toHaveLength(60);
      expect(field('openings', sixty)).toBe(`Opens with a contrarian claim, like "${sixty}"`);
      expect(field('openings', `${sixty}!`)).toBe(
        'Opens with a contrarian claim, like "Nobody reads past the first line of a post, so write it…"',
      );
    });

    it('cuts a first line without spaces at 60 characters', () => {
      const word = 'x'.repeat(70);
      expect(field('openings', `Short: ${word}`)).toBe(
        `Opens with a statement, like "Short: ${'x'.repeat(53)}…"`,
      );
      // Cut at the last space only when it leaves more than half the characters.
      expect(field('openings', `${'y'.repeat(30)} ${word}`)).toBe(
        `Opens with a statement, like "${'y'.repeat(30)} ${'x'.repeat(29)}…"`,
      );
      expect(field('openings', `${'y'.repeat(31)} ${word}`)).toBe(
        `Opens with a statement, like "${'y'.repeat(31)}…"`,
      );
    });

    it('says "usually" for more than half the posts and gives the count', () => {
      const samples = ['Why?', 'How?', 'When?', 'I was there.', 'Fine.'];
      expect(field('openings', ...samples)).toBe(
        'Usually opens with a question (3 of 5 posts), otherwise a first-person story (1 of 5) or a statement (1 of 5), like "Why?"',
      );
      expect(field('openings', 'Why?', 'How?', 'Fine.')).toBe(
        'Usually opens with a question (2 of 3 posts), otherwise a statement (1 of 3), like "Why?"',
      );
    });

    it('lists up to three kinds, the most common first, ties in the order first seen', () => {
      expect(field('openings', 'Fine.', 'Why?', 'How?', 'I was there.')).toBe(
        'Opens with a question (2 of 4 posts), a statement (1 of 4) or a first-person story (1 of 4), like "Why?"',
      );
      expect(field('openings', 'Fine.', 'Why?', '42 days.', 'I was there.')).toBe(
        'Opens with a statement (1 of 4 posts), a question (1 of 4) or a number (1 of 4), like "Fine."',
      );
      expect(field('openings', 'Fine.', 'Why?')).toBe(
        'Opens with a statement (1 of 2 posts) or a question (1 of 2), like "Fine."',
      );
    });
  });

  describe('closings', () => {
    it.each([
      ['What would you add? 👇', 'a question to readers'],
      ['I quit. Would you?', 'a question to readers'],
      ['Follow me for more lessons on hiring.', 'a call to action'],
      ['♻️ Repost if this helped your team.', 'a call to action'],
      ['The full template is linked below. Link in the comments.', 'a call to action'],
      ['Share this with a founder who is hiring.', 'a call to action'],
      ['Would you? I would quit.', 'a takeaway'],
      ['Read the problem slowly before you add people to it.', 'a takeaway'],
      ['Share the credit and keep the blame.', 'a takeaway'],
      ['Tell me what you would add.', 'a call to action'],
      ['Join us at the meetup on Friday.', 'a call to action'],
      ['DM me for the template.', 'a call to action'],
      ['Drop your best tip below.', 'a call to action'],
      ['Commentary on hiring is cheap.', 'a takeaway'],
      ['Following the crowd is easy.', 'a takeaway'],
      ['Reach outcomes, not outputs.', 'a takeaway'],
      ['I read every comment twice.', 'a takeaway'],
      ['👉 Subscribe for the weekly notes.', 'a call to action'],
    ])('reads a post ending "%s" as ending with %s', (ending, kind) => {
      expect(field('closings', `Something happened at work.\n\n${ending}`)).toBe(`Ends with ${kind}`);
    });

    it('judges the last paragraph that is not hashtags, without the hashtags at its end', () => {
      expect(field('closings', 'Story.\n\nWhat would you do?\n\n#hiring #teams')).toBe(
        'Ends with a question to readers',
      );
      expect(field('closings', 'Story.\n\nWhat would you do? #hiring #teams')).toBe(
        'Ends with a question to readers',
      );
      expect(field('closings', 'Story.\n\nWhat would you do?\n#hiring #teams 🚀')).toBe(
        'Ends with a question to readers',
      );
      expect(field('closings', 'Story.\n\nWhat would you do?\nI know my answer.')).toBe(
        'Ends with a takeaway',
      );
    });

    it('says "every post" and "usually" as openings do', () => {
      expect(field('closings', 'A.\n\nWhy?', 'B.\n\nHow?')).toBe(
        'Ends every post with a question to readers',
      );
      expect(field('closings', 'A.\n\nWhy?', 'B.\n\nHow?', 'C.\n\nDone.')).toBe(
        'Usually ends with a question to readers (2 of 3 posts), otherwise a takeaway (1 of 3)',
      );
    });
  });

  describe('emoji', () => {
    it('counts a skin-toned ZWJ sequence, a flag and a keycap as one emoji each, ❤️ and ❤ as the same', () => {
      const text = 'Shipped 👩🏽‍💻 from 🇬🇧 and 🏴󠁧󠁢󠁥󠁮󠁧󠁿 with ❤️ and ❤ on day 1️⃣ of the launch.';
      expect(field('emoji', text)).toBe('About 6 emoji per post (❤️, 👩🏽‍💻, 🇬🇧)');
    });

    it('does not count ©, ® or ™ written as text, nor plain digits', () => {
      expect(field('emoji', '©2024 Acme™ and Widget® since 1999 #1.')).toBe('No emoji');
      expect(field('emoji', 'Made with ©️ care.')).toBe('About 1 emoji per post (©️)');
    });

    it('tells keycaps apart, with or without the variation selector, and keeps a tag flag whole', () => {
      expect(field('emoji', 'Three steps:\n1️⃣ Write\n2️⃣ Cut\n3⃣ Post')).toBe(
        'About 3 emoji per post (1️⃣, 2️⃣, 3⃣); some lines start with one, as bullets',
      );
      expect(field('emoji', 'Come on 🏴󠁧󠁢󠁥󠁮󠁧󠁿 🏴󠁧󠁢󠁥󠁮󠁧󠁿')).toBe('About 2 emoji per post (🏴󠁧󠁢󠁥󠁮󠁧󠁿)');
    });

    it('lists the three most used, ties in the order first seen', () => {
      expect(field('emoji', 'Go 🚀 and 💡 💡 then ✅ ✅ and 🙏.')).toBe(
        'About 6 emoji per post (💡, ✅, 🚀)',
      );
    });

    it('says "1 emoji", rounds half a one per post up, and says "rarely" below that', () => {
      expect(field('emoji', 'Launch 🚀 today.')).toBe('About 1 emoji per post (🚀)');
      expect(field('emoji', 'Launch 🚀 today.', 'No emoji here.')).toBe('About 1 emoji per post (🚀)');
      expect(field('emoji', 'Launch 🚀 today.', 'No emoji here.', 'None here.')).toBe(
        'Rarely: 1 emoji in 3 posts (🚀)',
      );
      expect(field('emoji', 'Launch 🚀 today 🚀.', 'No emoji.', 'None.', 'Nothing.', 'Nope.')).toBe(
        'Rarely: 2 emoji in 5 posts (🚀)',
      );
    });

    it('notes emoji used as bullets: two lines of one post starting with one', () => {
      expect(field('emoji', 'Lessons:\n✅ One\n  ✅ Two')).toBe(
        'About 2 emoji per post (✅); some lines start with one, as bullets',
      );
      expect(field('emoji', 'Lessons:\n✅ One', 'More:\n✅ Two')).toBe('About 1 emoji per post (✅)');
      expect(field('emoji', 'Lessons:\n™ One\n™ Two\n✅ Three')).toBe('About 1 emoji per post (✅)');
    });
  });

  describe('hashtags', () => {
    it('does not take "#1", "C#" or a link\'s #fragment for a hashtag', () => {
      expect(
        field('hashtags', "We're #1 in Europe and #2 in C# tools: https://example.com/page#section"),
      ).toBe('No hashtags');
    });

    it('reads a hashtag with digits and underscores as one, and not an HTML entity', () => {
      expect(field('hashtags', 'Post.\n\n#remote_work2 #AI', 'It&#x27;s fine.')).toBe(
        'About 1 hashtag per post, on the last line (#remote_work2, #AI)',
      );
    });

    it('counts the same tag in any case together, shown as first written', () => {
      expect(field('hashtags', 'Post one.\n\n#Hiring #Teams', 'Post two.\n\n#hiring')).toBe(
        'About 2 hashtags per post, on the last line (#Hiring, #Teams)',
      );
    });

    it('says "1 hashtag", and "within the text" unless most tagged posts keep them on the last line', () => {
      expect(field('hashtags', 'We are #hiring this week.\n\nApply now.')).toBe(
        'About 1 hashtag per post, within the text (#hiring)',
      );
      expect(field('hashtags', 'We are #hiring.\n\nApply.', 'Post.\n\n#jobs', 'Plain.')).toBe(
        'About 1 hashtag per post, within the text (#hiring, #jobs)',
      );
      expect(field('hashtags', 'Post.\n\n#hiring', 'Post.\n\n#jobs', 'We are #remote.')).toBe(
        'About 1 hashtag per post, on the last line (#hiring, #jobs, #remote)',
      );
    });

    it('takes a post of one line as having its hashtags on the last line', () => {
      expect(field('hashtags', 'Big news today #launch')).toBe(
        'About 1 hashtag per post, on the last line (#launch)',
      );
    });

    it('says "rarely" under half a hashtag per post', () => {
      expect(field('hashtags', 'Post.\n\n#hiring', 'Plain.', 'Plain too.')).toBe(
        'Rarely: 1 hashtag in 3 posts, on the last line (#hiring)',
      );
    });

    it('shortens a very long hashtag', () => {
      expect(field('hashtags', `Post.\n\n#${'a'.repeat(50)}`)).toBe(
        `About 1 hashtag per post, on the last line (#${'a'.repeat(39)}…)`,
      );
    });
  });

  describe('phrasesUsed', () => {
    it('lists phrases repeated across samples, never single words', () => {
      const samples = [
        'Our customer success team reads every ticket. Pricing pricing pricing.',
        'Customer success is a habit, and the team knows it.',
        'The best customer success people listen first.',
      ];
      expect(profile(...samples).phrasesUsed).toEqual(['customer success']);
    });

    it('lists nothing, rather than frequent words, when no phrase repeats across samples', () => {
      expect(profile('Pricing matters. Pricing is a habit. Pricing is a habit.').phrasesUsed).toEqual([]);
      expect(profile('Pricing wins deals.', 'Pricing loses deals.', 'Deals, pricing.').phrasesUsed).toEqual(
        [],
      );
    });

    it('keeps the author’s capitals, accents and apostrophes as first written', () => {
      expect(profile('Hiring on LinkedIn is slow.', 'Hiring on linkedin is slower.').phrasesUsed).toEqual([
        'Hiring on LinkedIn',
      ]);
      expect(profile('Our café culture works.', 'That café culture again.').phrasesUsed).toEqual([
        'café culture',
      ]);
      expect(profile('Here’s what I’d do instead:', "Here's what I'd do instead.").phrasesUsed).toEqual([
        'Here’s what I’d do instead',
      ]);
    });

    it('leaves out a phrase holding a comma, which Settings would read as two phrases', () => {
      const samples = ['Simple, not easy.', 'Simple, not easy!'];
      expect(deriveVoiceHabits(samples)?.phrases).toEqual([{ phrase: 'Simple, not easy', samples: [0, 1] }]);
      expect(profile(...samples).phrasesUsed).toEqual([]);
    });

    it('lists the phrases in the most samples first, then the longest', () => {
      const samples = [
        'Cold calls work. Warm intros work better. Pipeline reviews on Monday.',
        'Warm intros beat everything. Cold calls too.',
        'Pipeline reviews on Monday, warm intros on Friday.',
      ];
      expect(profile(...samples).phrasesUsed).toEqual([
        'Warm intros',
        'Pipeline reviews on Monday',
        'Cold calls',
      ]);
    });
  });

  describe('phrasesAvoided', () => {
    it('lists the stock phrases none of the samples uses, in a fixed order', () => {
      expect(field('phrasesAvoided', 'Plain words only.')).toEqual(stockPhrases);
    });

    it('leaves out any the author uses, in any form or case', () => {
      const samples = [
        'Leveraging data, we delved into the Landscape. A game changer that unlocked and elevates the realm.',
        'Tapestries, seamlessly, a PIVOTAL year; we embarked.',
        'In today’s fast-paced world, let that\nsink in. Here’s the thing.',
      ];
      expect(profile(...samples).phrasesAvoided).toEqual([]);
    });

    it('leaves out a phrase used in just one of the samples', () => {
      expect(profile('We leverage data.', 'Plain post.', 'Another plain post.').phrasesAvoided).toEqual(
        withoutLeverage,
      );
    });

    it('knows the phrases with straight apostrophes and any spacing', () => {
      const text = "In  today's  fast paced  world, let  that  sink  in. Here's  the  thing.";
      expect(field('phrasesAvoided', text)).toEqual(stockPhrases.slice(0, 11));
      expect(field('phrasesAvoided', "In today's fastpaced world")).toEqual(
        stockPhrases.slice(0, 11).concat(stockPhrases.slice(12)),
      );
    });

    it('knows the bare forms of the stock words', () => {
      const text = 'Delve, unlock, elevate, leverage, a tapestry, a seamless gamechanger: embark!';
      expect(field('phrasesAvoided', text)).toEqual([
        'landscape',
        'realm',
        'pivotal',
        "in today's fast-paced world",
        'let that sink in',
        "here's the thing",
      ]);
    });

    it('does not take a word holding a stock one for it', () => {
      const text = 'Overleveraged landscaper, nonpivotal seamlessness, disembarkation and realmless dreams.';
      expect(field('phrasesAvoided', text)).toEqual(stockPhrases);
    });

    it('does not take a longer word for a stock one', () => {
      expect(field('phrasesAvoided', 'Realms apart? No: realmless, unlockable, pivotally.')).toEqual(
        stockPhrases.filter((phrase) => phrase !== 'realm'),
      );
    });
  });
});
