/** Three past posts of one author, long enough to learn a voice from: the Settings tests paste them. */
export const samples = [
  `Last spring our support queue doubled in six weeks. We did not hire anyone.

Instead we read the last hundred tickets together, out loud. Forty asked the same billing question.

Read the problem slowly with the people who already have it.`,
  `When I started managing the team, I answered the hardest tickets myself.

A new hire asked why she should learn billing if I always stepped in. I had no good answer.

The people closest to the problem usually know the answer.`,
  `Three years ago we lost a customer over a billing mistake nobody was allowed to fix.

We rebuilt the process so the person who reads a complaint can also correct it.

Give the people who read the complaints the power to fix them.`,
];
