import { historyPostId } from './history-post-id';

const post = {
  postedAt: '2026-11-03T12:15:00.000Z',
  text: 'A post.',
  link: 'https://www.linkedin.com/feed/update/1',
};
const userA = '7c2e0a63-4b5d-4e9f-8a11-2b3c4d5e6f70';
const userB = '0b1c2d3e-4f50-4617-8a9b-0c1d2e3f4a5b';

describe('historyPostId', () => {
  it('is a version 8 UUID, the same for the same author and post every time', async () => {
    const id = await historyPostId(userA, post);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(await historyPostId(userA, { ...post, text: 'Edited since.' })).toBe(id);
  });

  it('differs between authors and between posts', async () => {
    const id = await historyPostId(userA, post);
    expect(await historyPostId(userB, post)).not.toBe(id);
    expect(await historyPostId(userA, { ...post, link: 'https://www.linkedin.com/feed/update/2' })).not.toBe(
      id,
    );
  });

  it('tells posts without a link apart by their date and text', async () => {
    const noLink = { ...post, link: '' };
    const id = await historyPostId(userA, noLink);
    expect(await historyPostId(userA, noLink)).toBe(id);
    expect(await historyPostId(userA, { ...noLink, text: 'Another post.' })).not.toBe(id);
    expect(await historyPostId(userA, { ...noLink, postedAt: '2026-11-04T12:15:00.000Z' })).not.toBe(id);
  });
});
