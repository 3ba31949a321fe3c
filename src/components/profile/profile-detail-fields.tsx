import { TextField } from '@/components/ui/field';
import { profileLimits } from '@/config/profile-options';

export interface ProfileDetails {
  full_name: string;
  company: string;
  industry: string;
  website: string;
}

interface ProfileDetailFieldsProps {
  values: ProfileDetails;
  onChange: (key: keyof ProfileDetails, value: string) => void;
  errors?: Partial<Record<keyof ProfileDetails, string | null>>;
  /** Puts the cursor in "Full name" when the fields appear (the wizard's first step). */
  autoFocus?: boolean;
}

/**
 * The profile's "Full name", "Company", "Industry" and "Website" fields (docs/product.md §4 and §11),
 * with the column limits of the profiles table: the same in the onboarding wizard and in Settings.
 */
export function ProfileDetailFields({ values, onChange, errors = {}, autoFocus }: ProfileDetailFieldsProps) {
  return (
    <>
      <TextField
        label="Full name"
        autoComplete="name"
        autoFocus={autoFocus}
        maxLength={profileLimits.full_name}
        value={values.full_name}
        error={errors.full_name ?? null}
        onChange={(e) => onChange('full_name', e.target.value)}
      />
      <TextField
        label="Company"
        autoComplete="organization"
        maxLength={profileLimits.company}
        value={values.company}
        onChange={(e) => onChange('company', e.target.value)}
      />
      <TextField
        label="Industry"
        maxLength={profileLimits.industry}
        value={values.industry}
        onChange={(e) => onChange('industry', e.target.value)}
      />
      <TextField
        label="Website"
        type="url"
        inputMode="url"
        placeholder="https://example.com"
        maxLength={profileLimits.website}
        value={values.website}
        error={errors.website ?? null}
        onChange={(e) => onChange('website', e.target.value)}
      />
    </>
  );
}
