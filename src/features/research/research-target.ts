import { audienceOf } from '@/config/profile-options';

/** Who the research is for: docs/product.md §14 fallbacks already applied. */
export interface ResearchTarget {
  /** Industry, else company, else "Technology". */
  industry: string;
  /** Role, else "Professional". */
  role: string;
  aboutMe: string;
  /** What the header shows: industry (or company) and role, or "Not specified". */
  headerIndustry: string | null;
  headerRole: string | null;
}

export interface ResearchProfile {
  industry: string | null;
  company: string | null;
  role: string | null;
  about_me: string | null;
}

const text = (value: string | null | undefined) => (value && value.trim() !== '' ? value.trim() : null);

export function researchTarget(profile: ResearchProfile): ResearchTarget {
  const headerIndustry = text(profile.industry) ?? text(profile.company);
  const headerRole = text(profile.role);
  return {
    ...audienceOf({ industry: headerIndustry, role: headerRole }),
    aboutMe: text(profile.about_me) ?? '',
    headerIndustry,
    headerRole,
  };
}
