import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useOnboardingDraft } from '../onboarding-draft-store';
import { OnboardingWizard, type OnboardingAnswers } from './onboarding-wizard';

beforeEach(() => useOnboardingDraft.getState().reset());

type OnComplete = (answers: OnboardingAnswers, voiceSamples: string[]) => Promise<void>;

function setup(onComplete: OnComplete = vi.fn(async () => {})) {
  const user = userEvent.setup();
  render(<OnboardingWizard onComplete={onComplete} />);
  return { user, onComplete };
}

const next = () => screen.getByRole('button', { name: 'Next' });

async function fillStepOne(
  user: ReturnType<typeof userEvent.setup>,
  values: { name?: string; company?: string; industry?: string; website?: string } = {},
) {
  await user.type(screen.getByLabelText('Full name'), values.name ?? 'Ada Lovelace');
  if (values.company) await user.type(screen.getByLabelText('Company'), values.company);
  if (values.industry) await user.type(screen.getByLabelText('Industry'), values.industry);
  if (values.website) await user.type(screen.getByLabelText('Website'), values.website);
}

/** Step 1 filled in, steps 2 to 5 left as they are, then "Complete Setup". */
async function completeWithStepOneOnly(user: ReturnType<typeof userEvent.setup>) {
  await fillStepOne(user);
  for (let step = 2; step <= 5; step += 1) await user.click(next());
  await user.click(screen.getByRole('button', { name: 'Complete Setup' }));
}

describe('OnboardingWizard', () => {
  it('is titled "Set up your profile" and starts on step 1 of 5 with the four detail fields', () => {
    setup();
    expect(screen.getByRole('heading', { level: 1, name: 'Set up your profile' })).toBeInTheDocument();
    expect(screen.getByText('Step 1 of 5')).toBeInTheDocument();
    expect(screen.getByLabelText('Full name')).toHaveValue('');
    expect(screen.getByLabelText('Company')).toBeInTheDocument();
    expect(screen.getByLabelText('Industry')).toBeInTheDocument();
    expect(screen.getByLabelText('Website')).toHaveAttribute('type', 'url');
    expect(next()).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Complete Setup' })).not.toBeInTheDocument();
  });

  it('stays on step 1 with an error when the full name is empty (or only spaces)', async () => {
    const { user } = setup();
    await user.click(next());
    expect(screen.getByText('Step 1 of 5')).toBeInTheDocument();
    const name = screen.getByLabelText('Full name');
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('Please enter your full name: it signs your posts.');

    await user.type(name, '   ');
    await user.click(next());
    expect(screen.getByText('Step 1 of 5')).toBeInTheDocument();
    expect(screen.queryByLabelText('Tell us about yourself')).not.toBeInTheDocument();
  });

  it('stays on step 1 and shows the website message for an invalid website', async () => {
    const { user } = setup();
    await fillStepOne(user, { website: 'not a url' });
    await user.click(next());
    expect(screen.getByText('Step 1 of 5')).toBeInTheDocument();
    const website = screen.getByLabelText('Website');
    expect(website).toHaveAttribute('aria-invalid', 'true');
    expect(website).toHaveAccessibleDescription(
      'Please enter a valid website address, like https://example.com',
    );
    expect(
      screen.getByText('Please enter a valid website address, like https://example.com'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Full name')).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('walks through the five steps with their questions and defaults, with "Complete Setup" on step 5', async () => {
    const { user } = setup();
    await fillStepOne(user);
    await user.click(next());

    expect(screen.getByText('Step 2 of 5')).toBeInTheDocument();
    expect(screen.getByLabelText('Tell us about yourself').tagName).toBe('TEXTAREA');
    expect(screen.queryByLabelText('Full name')).not.toBeInTheDocument();
    await user.click(next());

    expect(screen.getByText('Step 3 of 5')).toBeInTheDocument();
    const style = screen.getByRole('combobox', { name: 'Choose your writing style' });
    expect(style).toHaveValue('Professional and formal');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Professional and formal',
      'Casual and conversational',
      'Technical and detailed',
      'Inspirational and motivational',
      'Story-driven and narrative',
    ]);
    await user.click(next());

    expect(screen.getByText('Step 4 of 5')).toBeInTheDocument();
    const role = screen.getByRole('combobox', { name: "What's your role?" });
    expect(role).toHaveValue('Software Engineer');
    expect(screen.getAllByRole('option')).toHaveLength(10);
    expect(screen.queryByRole('button', { name: 'Complete Setup' })).not.toBeInTheDocument();
    await user.click(next());

    expect(screen.getByText('Step 5 of 5')).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { level: 2, name: 'Teach it your voice (optional)' }),
    ).toBeInTheDocument();
    expect(screen.getByText('3 of 10 samples')).toBeInTheDocument();
    expect(screen.getByLabelText('Sample 1')).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Skip' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Complete Setup' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
  });

  it('completing calls onComplete with trimmed answers and the website normalised', async () => {
    const onComplete = vi.fn<OnComplete>(async () => {});
    const { user } = setup(onComplete);
    await fillStepOne(user, {
      name: '  Ada Lovelace  ',
      company: ' Analytical Engines ',
      industry: ' Computing ',
      website: 'example.com',
    });
    await user.click(next());
    await user.type(screen.getByLabelText('Tell us about yourself'), '  I write programs.  ');
    await user.click(next());
    await user.selectOptions(
      screen.getByLabelText('Choose your writing style'),
      'Story-driven and narrative',
    );
    await user.click(next());
    await user.selectOptions(screen.getByLabelText("What's your role?"), 'Startup Founder');
    await user.click(next());
    expect(onComplete).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Complete Setup' }));

    expect(onComplete).toHaveBeenCalledTimes(1);
    expect(onComplete).toHaveBeenCalledWith(
      {
        full_name: 'Ada Lovelace',
        company: 'Analytical Engines',
        industry: 'Computing',
        website: 'https://example.com',
        about_me: 'I write programs.',
        writing_style: 'Story-driven and narrative',
        role: 'Startup Founder',
      },
      [],
    );
  });

  it('completing with defaults sends the first writing style, the first role and an empty website', async () => {
    const onComplete = vi.fn<OnComplete>(async () => {});
    const { user } = setup(onComplete);
    await fillStepOne(user, { name: 'Grace' });
    await user.click(next());
    await user.click(next());
    await user.click(next());
    await user.click(next());
    await user.click(screen.getByRole('button', { name: 'Complete Setup' }));
    expect(onComplete).toHaveBeenCalledWith(
      {
        full_name: 'Grace',
        company: '',
        industry: '',
        website: '',
        about_me: '',
        writing_style: 'Professional and formal',
        role: 'Software Engineer',
      },
      [],
    );
  });

  it('shows "Saving..." and disables the buttons while the save is pending', async () => {
    let finish: () => void = () => {};
    const onComplete = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const { user } = setup(onComplete);
    await completeWithStepOneOnly(user);
    expect(screen.getByRole('button', { name: 'Saving...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Back' })).toBeDisabled();
    finish();
    expect(await screen.findByRole('button', { name: 'Complete Setup' })).toBeEnabled();
  });

  it('shows a failed save in an alert and keeps every answer', async () => {
    const onComplete = vi.fn(async () => {
      throw new Error('No authenticated user');
    });
    const { user } = setup(onComplete);
    await fillStepOne(user, { name: 'Ada Lovelace', company: 'Analytical Engines', website: 'example.com' });
    await user.click(next());
    await user.type(screen.getByLabelText('Tell us about yourself'), 'I write programs.');
    await user.click(next());
    await user.selectOptions(screen.getByLabelText('Choose your writing style'), 'Technical and detailed');
    await user.click(next());
    await user.selectOptions(screen.getByLabelText("What's your role?"), 'Data Scientist');
    await user.click(next());
    await user.click(screen.getByRole('button', { name: 'Complete Setup' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('No authenticated user');
    expect(screen.getByText('Step 5 of 5')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Complete Setup' })).toBeEnabled();

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByLabelText("What's your role?")).toHaveValue('Data Scientist');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByLabelText('Choose your writing style')).toHaveValue('Technical and detailed');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByLabelText('Tell us about yourself')).toHaveValue('I write programs.');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByLabelText('Full name')).toHaveValue('Ada Lovelace');
    expect(screen.getByLabelText('Company')).toHaveValue('Analytical Engines');
    expect(screen.getByLabelText('Website')).toHaveValue('example.com');
  });

  it('a non-Error rejection shows the generic save message', async () => {
    const onComplete = vi.fn(() => Promise.reject('boom'));
    const { user } = setup(onComplete);
    await completeWithStepOneOnly(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not save your profile. Please try again.',
    );
  });

  it('Back returns to the previous step, keeping what was typed', async () => {
    const { user } = setup();
    await fillStepOne(user, { name: 'Ada', industry: 'Computing' });
    await user.click(next());
    await user.type(screen.getByLabelText('Tell us about yourself'), 'About Ada');
    await user.click(next());
    expect(screen.getByText('Step 3 of 5')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByText('Step 2 of 5')).toBeInTheDocument();
    expect(screen.getByLabelText('Tell us about yourself')).toHaveValue('About Ada');

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByText('Step 1 of 5')).toBeInTheDocument();
    expect(screen.getByLabelText('Full name')).toHaveValue('Ada');
    expect(screen.getByLabelText('Industry')).toHaveValue('Computing');
    expect(screen.queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
  });

  it('Enter in a step-1 field submits the step like Next', async () => {
    const { user } = setup();
    await user.type(screen.getByLabelText('Full name'), 'Ada{Enter}');
    expect(screen.getByText('Step 2 of 5')).toBeInTheDocument();
  });
});

describe('OnboardingWizard step 5: voice samples (optional)', () => {
  const sample = (topic: string) =>
    `Last week our team shipped ${topic}. Here is what we learned about doing it with fewer meetings.`;

  /** A whole sample is pasted, as authors bring their past posts (typing it key by key is slow). */
  async function paste(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
    await user.click(field);
    await user.paste(text);
  }

  async function goToStepFive(user: ReturnType<typeof userEvent.setup>) {
    await fillStepOne(user);
    for (let step = 2; step <= 5; step += 1) await user.click(next());
    expect(screen.getByText('Step 5 of 5')).toBeInTheDocument();
  }

  it('"Skip" completes without samples, even with some typed', async () => {
    const onComplete = vi.fn<OnComplete>(async () => {});
    const { user } = setup(onComplete);
    await goToStepFive(user);
    await user.type(screen.getByLabelText('Sample 1'), 'Too short');
    await user.click(screen.getByRole('button', { name: 'Skip' }));
    expect(onComplete).toHaveBeenCalledTimes(1);
    expect(onComplete.mock.calls[0]?.[1]).toEqual([]);
  });

  it('"Complete Setup" with three samples passes them on, trimmed', async () => {
    const onComplete = vi.fn<OnComplete>(async () => {});
    const { user } = setup(onComplete);
    await goToStepFive(user);
    await paste(user, screen.getByLabelText('Sample 1'), `  ${sample('billing')}  `);
    await paste(user, screen.getByLabelText('Sample 2'), sample('search'));
    await paste(user, screen.getByLabelText('Sample 3'), sample('the app'));
    await user.click(screen.getByRole('button', { name: 'Complete Setup' }));
    expect(onComplete.mock.calls[0]?.[1]).toEqual([sample('billing'), sample('search'), sample('the app')]);
  });

  it('says which sample is wrong and that three are needed, and does not complete until they are fixed', async () => {
    const onComplete = vi.fn<OnComplete>(async () => {});
    const { user } = setup(onComplete);
    await goToStepFive(user);
    await paste(user, screen.getByLabelText('Sample 1'), sample('billing'));
    await user.type(screen.getByLabelText('Sample 2'), 'Only a line.');
    await user.click(screen.getByRole('button', { name: 'Remove sample 3' }));
    expect(screen.getByText('2 of 10 samples')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add a sample' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Complete Setup' }));

    expect(onComplete).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Sample 2')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Sample 2')).toHaveAccessibleDescription(
      'Sample 2 is too short: 12 characters. A sample needs at least 40.',
    );
    expect(screen.getByRole('group', { name: 'Your past posts' })).toHaveAccessibleDescription(
      'Add at least 3 samples: you have 2.',
    );

    await user.clear(screen.getByLabelText('Sample 2'));
    await paste(user, screen.getByLabelText('Sample 2'), sample('search'));
    await user.click(screen.getByRole('button', { name: 'Add a sample' }));
    expect(screen.getByLabelText('Sample 3')).toHaveFocus();
    await paste(user, screen.getByLabelText('Sample 3'), sample('the app'));
    expect(screen.queryByText(/Add at least 3 samples/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Complete Setup' }));
    expect(onComplete.mock.calls[0]?.[1]).toHaveLength(3);
  });

  it('keeps the samples in the draft: Back and a reload keep them', async () => {
    const { user } = setup();
    await goToStepFive(user);
    await user.type(screen.getByLabelText('Sample 1'), 'Draft sample');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await user.click(next());
    expect(screen.getByLabelText('Sample 1')).toHaveValue('Draft sample');
    const stored = JSON.parse(localStorage.getItem('onboarding-draft') ?? '{}') as {
      state?: { voiceSamples?: string[] };
    };
    expect(stored.state?.voiceSamples).toEqual(['Draft sample', '', '']);
  });

  it('allows at most ten samples', async () => {
    const { user } = setup();
    await goToStepFive(user);
    for (let count = 4; count <= 10; count += 1)
      await user.click(screen.getByRole('button', { name: 'Add a sample' }));
    expect(screen.getByText('10 of 10 samples')).toBeInTheDocument();
    expect(screen.getByLabelText('Sample 10')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add a sample' })).toBeDisabled();
  });
});
