import { useId } from 'react';
import { SelectField } from '@/components/ui/field';
import {
  writingRuleKeys,
  type WritingRuleChoices,
  type WritingRuleKey,
  type WritingRules,
  type WritingRuleValues,
} from '@/lib/writing-rules/writing-rules';
import { followLabel, followValue, parseChoice, ruleOptions, ruleSourceNote } from '../writing-rule-options';

interface WritingRulesFieldsProps {
  choices: WritingRuleChoices;
  /** What each rule is without a choice: from the saved samples, else the default. */
  followed: WritingRules;
  onChange: <K extends WritingRuleKey>(key: K, value: WritingRuleValues[K] | null) => void;
}

/**
 * "Writing rules" in Settings: each rule follows the author's posts (or the default where they show
 * no habit) unless they choose; under each, where its value comes from. Saved with "Save Changes".
 */
export function WritingRulesFields({ choices, followed, onChange }: WritingRulesFieldsProps) {
  const id = useId();
  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-4">
      <div>
        <h2 id={`${id}-heading`} className="text-lg font-medium text-slate-800">
          Writing rules
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Every draft follows these. Each one follows your own posts (Your voice, below) unless you choose;
          where your posts show no habit, the default applies.
        </p>
      </div>
      <div className="grid gap-4 @xl:grid-cols-2">
        {writingRuleKeys.map((key) => {
          const chosen = choices[key];
          const hasChoice = chosen !== undefined && chosen !== null;
          return (
            <SelectField
              key={key}
              label={ruleOptions[key].label}
              options={[
                { value: followValue, label: followLabel(key, followed[key]) },
                ...ruleOptions[key].options,
              ]}
              hint={ruleSourceNote(hasChoice, followed[key])}
              value={hasChoice ? String(chosen) : followValue}
              onChange={(event) => onChange(key, parseChoice(key, event.target.value))}
            />
          );
        })}
      </div>
    </section>
  );
}
