import { useId } from 'react';
import { SelectField } from '@/components/ui/field';
import { emojiLevels, maxHashtagsLimit, type EmojiLevel } from '@/config/profile-options';

export interface PostPreferences {
  emoji_level: EmojiLevel;
  max_hashtags: number;
  end_with_question: boolean;
}

interface PostPreferencesFieldsProps {
  values: PostPreferences;
  onChange: <K extends keyof PostPreferences>(key: K, value: PostPreferences[K]) => void;
}

const hashtagOptions = Array.from({ length: maxHashtagsLimit + 1 }, (_, count) => ({
  value: String(count),
  label: count === 0 ? 'None' : String(count),
}));

/** "Post preferences" in Settings: what every draft follows, saved with "Save Changes". */
export function PostPreferencesFields({ values, onChange }: PostPreferencesFieldsProps) {
  const id = useId();
  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-4">
      <div>
        <h2 id={`${id}-heading`} className="text-lg font-medium text-slate-800">
          Post preferences
        </h2>
        <p className="mt-1 text-sm text-slate-600">Every draft follows these.</p>
      </div>
      <div className="grid gap-4 @md:grid-cols-2">
        <SelectField
          label="Emoji in posts"
          options={emojiLevels}
          value={values.emoji_level}
          onChange={(e) => onChange('emoji_level', e.target.value as EmojiLevel)}
        />
        <SelectField
          label="Maximum hashtags"
          options={hashtagOptions}
          hint="The post check points out any beyond this."
          value={String(values.max_hashtags)}
          onChange={(e) => onChange('max_hashtags', Number(e.target.value))}
        />
      </div>
      <div className="flex items-start gap-3">
        <input
          id={`${id}-question`}
          type="checkbox"
          aria-describedby={`${id}-question-hint`}
          checked={values.end_with_question}
          onChange={(e) => onChange('end_with_question', e.target.checked)}
          className="mt-0.5 h-4 w-4 shrink-0 rounded border-slate-300 accent-brand-500 focus-visible:ring-2 focus-visible:ring-brand-500"
        />
        <div>
          <label htmlFor={`${id}-question`} className="text-sm font-medium text-slate-700">
            End posts with a question
          </label>
          <p id={`${id}-question-hint`} className="text-xs text-slate-500">
            A question to your readers as the last line. Otherwise posts end on a takeaway.
          </p>
        </div>
      </div>
    </section>
  );
}
