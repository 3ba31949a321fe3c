import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AuthorBlock, authorInitial, authorName } from './author-block';

// One name and one initial for every avatar (the user menu, the preview card, Saved Posts), with the
// spec's fallbacks "Your Name" and "U" (docs/product.md §2.3).

describe('authorName', () => {
  it.each([undefined, null, '', '   \n\t'])('falls back to "Your Name" for %j', (fullName) => {
    expect(authorName(fullName)).toBe('Your Name');
  });

  it('is the trimmed full name', () => {
    expect(authorName('  Ada Lovelace ')).toBe('Ada Lovelace');
  });
});

describe('authorInitial', () => {
  it.each([undefined, null, '', '   \n\t'])(
    'falls back to "U" (not the "Y" of "Your Name") for %j',
    (fullName) => {
      expect(authorInitial(fullName)).toBe('U');
    },
  );

  it.each([
    ['ada lovelace', 'A'],
    ['  grace hopper', 'G'],
    ['Émile Zola', 'É'],
    // "e" followed by a combining acute accent: one letter on screen, two code points.
    ['e\u0301mile', 'E\u0301'],
    ['ωmega', 'Ω'],
    ['Зоя Космодемьянская', 'З'],
    ['李小龙', '李'],
    ['محمد', 'م'],
  ])('takes the first letter of %j, upper-cased: %j', (fullName, initial) => {
    expect(authorInitial(fullName)).toBe(initial);
  });

  it.each([
    ['🚀 Rocket Team', '🚀'],
    // A woman technologist: three code points joined into one emoji.
    ['👩‍💻 Dev Rel', '👩‍💻'],
    ['🇩🇪 Berlin', '🇩🇪'],
    ['👍🏽 Thumbs', '👍🏽'],
    // Outside the Basic Multilingual Plane: a surrogate pair, never half of one.
    ['𝒜lice', '𝒜'],
  ])('keeps a leading emoji or symbol whole: %j → %j', (fullName, initial) => {
    expect(authorInitial(fullName)).toBe(initial);
  });

  it('keeps a letter whose upper case is two letters as it is (ß, not SS)', () => {
    expect(authorInitial('ßeta')).toBe('ß');
  });
});

describe('AuthorBlock', () => {
  it('with a blank name shows "U" and "Your Name"', () => {
    render(<AuthorBlock author={{ fullName: '  ', role: 'Other', company: null }} />);
    expect(screen.getByText('Your Name')).toBeInTheDocument();
    expect(screen.getByText('U')).toBeInTheDocument();
    expect(screen.queryByText('Y')).not.toBeInTheDocument();
  });

  it('shows a leading emoji of the name whole as the initial', () => {
    render(<AuthorBlock author={{ fullName: '👩‍💻 Dev Rel', role: null, company: null }} />);
    expect(screen.getByText('👩‍💻 Dev Rel')).toBeInTheDocument();
    expect(screen.getByText('👩‍💻')).toBeInTheDocument();
  });

  it('shows the name, the upper-cased initial and "role at company"', () => {
    render(<AuthorBlock author={{ fullName: 'ada lovelace', role: 'Data Scientist', company: 'Engines' }} />);
    expect(screen.getByText('ada lovelace')).toBeInTheDocument();
    expect(screen.getByText('A')).toBeInTheDocument();
    expect(screen.getByText('Data Scientist at Engines')).toBeInTheDocument();
  });
});
