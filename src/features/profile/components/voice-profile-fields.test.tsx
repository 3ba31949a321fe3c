import { render, screen, within } from '@testing-library/react';
import { deriveVoiceProfile } from '@/lib/voice/derive-voice-profile';
import { britishSalesCoach } from '@/lib/voice/fixtures/sales-coach-posts';
import { voiceProfileToForm, type VoiceProfileForm } from '../voice-profile-form';
import { VoiceProfileFields } from './voice-profile-fields';

// "Phrases I use" says where each phrase is in the samples, counted from 1 as the sample boxes are.

const learned = voiceProfileToForm(deriveVoiceProfile(britishSalesCoach));

function renderFields(values: VoiceProfileForm, samples?: readonly string[]) {
  return render(<VoiceProfileFields values={values} errors={{}} onChange={() => {}} samples={samples} />);
}

const notes = () =>
  within(screen.getByRole('list', { name: 'Where your phrases appear' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

describe('VoiceProfileFields', () => {
  it('follows each learned phrase with the samples it is in', () => {
    renderFields(learned, britishSalesCoach);
    expect(screen.getByLabelText('Phrases I use')).toHaveValue(
      "Here's what I'd do instead, Boring? Yes. Works? Also yes., Every call",
    );
    expect(notes()).toEqual([
      "“Here's what I'd do instead” in samples 1, 2 and 4",
      '“Boring? Yes. Works? Also yes.” in samples 1, 3 and 5',
      '“Every call” in samples 1 and 2',
    ]);
    // The note is not the field's description: that stays the hint.
    expect(screen.getByLabelText('Phrases I use')).toHaveAccessibleDescription(
      'Separate phrases with commas or new lines.',
    );
  });

  it('follows the phrases as typed: any case, "sample" for one, nothing for a phrase in none', () => {
    const { rerender } = renderFields(learned, britishSalesCoach);
    const typed = { ...learned, phrasesUsed: 'UNPOPULAR OPINION\nnever said this, every call' };
    rerender(
      <VoiceProfileFields values={typed} errors={{}} onChange={() => {}} samples={britishSalesCoach} />,
    );
    expect(notes()).toEqual(['“UNPOPULAR OPINION” in sample 4', '“every call” in samples 1 and 2']);
    const twice = { ...learned, phrasesUsed: 'every call, Every call' };
    rerender(
      <VoiceProfileFields values={twice} errors={{}} onChange={() => {}} samples={britishSalesCoach} />,
    );
    expect(notes()).toEqual(['“every call” in samples 1 and 2', '“Every call” in samples 1 and 2']);
  });

  it('counts the samples as their boxes are numbered, blank ones included', () => {
    renderFields({ ...learned, phrasesUsed: 'cold calls' }, ['', 'Book cold calls.', '', 'Cold calls win.']);
    expect(notes()).toEqual(['“cold calls” in samples 2 and 4']);
  });

  it('shows no notes without samples, or when no phrase is in them', () => {
    renderFields(learned);
    expect(screen.queryByRole('list', { name: 'Where your phrases appear' })).not.toBeInTheDocument();
    renderFields({ ...learned, phrasesUsed: 'never said this' }, britishSalesCoach);
    expect(screen.queryByRole('list', { name: 'Where your phrases appear' })).not.toBeInTheDocument();
  });
});
