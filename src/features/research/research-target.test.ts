import { researchTarget } from './research-target';

describe('researchTarget (who the research is for, docs/product.md §14 fallbacks)', () => {
  it('uses the trimmed profile: industry, role and background', () => {
    expect(
      researchTarget({
        industry: ' Fintech ',
        company: 'Acme',
        role: ' CTO ',
        about_me: '  Builds payment rails. ',
      }),
    ).toEqual({
      industry: 'Fintech',
      role: 'CTO',
      aboutMe: 'Builds payment rails.',
      headerIndustry: 'Fintech',
      headerRole: 'CTO',
    });
  });

  it('falls back from industry to company, and to "Technology" and "Professional", with no background', () => {
    expect(researchTarget({ industry: '  ', company: 'Acme', role: null, about_me: null })).toEqual({
      industry: 'Acme',
      role: 'Professional',
      aboutMe: '',
      headerIndustry: 'Acme',
      headerRole: null,
    });
    expect(researchTarget({ industry: null, company: null, role: '', about_me: '   ' })).toEqual({
      industry: 'Technology',
      role: 'Professional',
      aboutMe: '',
      headerIndustry: null,
      headerRole: null,
    });
  });
});
