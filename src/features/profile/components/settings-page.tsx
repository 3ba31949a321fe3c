import { ArrowLeft } from 'lucide-react';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ProfileDetailFields } from '@/components/profile/profile-detail-fields';
import { SelectField, TextAreaField } from '@/components/ui/field';
import { paths } from '@/config/paths';
import { invalidBrandColorMessage, normalizeBrandColor } from '../carousel-choices';
import { profileLimits, roles, writingStyles } from '@/config/profile-options';
import { timers } from '@/config/timers';
import { readyCatalog, type AiServiceState } from '@/lib/ai/ai-service-state';
import { invalidWebsiteMessage, normalizeWebsite } from '@/lib/validation/normalize-website';
import { columnsOf } from '@/lib/writing-rules/writing-rules';
import { useProfileStore } from '../profile-store';
import { engineAndModel, formFrom, savedFormKey, type SettingsForm as Form } from '../settings-form';
import { useVoiceEditor } from '../use-voice-editor';
import { CarouselDefaultsSection } from './carousel-defaults-section';
import { EngineSection } from './engine-section';
import { LeaveGuard } from './leave-guard';
import { useFollowedRules } from '../use-followed-rules';
import { WritingRulesFields } from './writing-rules-fields';
import { VoiceSection } from './voice-section';

interface SettingsPageProps {
  /** The catalog and configured engines come from the AI service; until then only they wait. */
  aiService: AiServiceState;
  /** Cards of other features the app adds below the profile (the LinkedIn connection). */
  children?: ReactNode;
}

const toOptions = (values: readonly string[]) => values.map((value) => ({ value, label: value }));

/**
 * /settings: every profile field, the post preferences, the engine and model, saved with one button
 * (docs/product.md §2 "Settings"); below them "Your voice", saved with its own.
 */
export function SettingsPage({ aiService, children }: SettingsPageProps) {
  const catalog = readyCatalog(aiService);
  const profile = useProfileStore((state) => state.profile);
  const saveProfile = useProfileStore((state) => state.saveProfile);
  const [form, setForm] = useState<Form>(() => formFrom(profile));
  // The form as last loaded or saved: any difference from it is an unsaved change.
  const [savedForm, setSavedForm] = useState<Form>(form);
  const voice = useVoiceEditor();
  const followed = useFollowedRules();
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [websiteError, setWebsiteError] = useState<string | null>(null);
  const [brandColorError, setBrandColorError] = useState<string | null>(null);

  const engineModel = engineAndModel(form, catalog);
  const profileUnsaved = savedFormKey(form, catalog) !== savedFormKey(savedForm, catalog);
  const unsaved =
    [profileUnsaved && 'your profile', voice.unsaved && 'your voice'].filter(Boolean).join(' and ') || null;

  useEffect(() => {
    if (!saved) return;
    const timer = setTimeout(() => setSaved(false), timers.settingsBannerMs);
    return () => clearTimeout(timer);
  }, [saved]);

  const update = <K extends keyof Form>(key: K, value: Form[K]) =>
    setForm((current) => ({ ...current, [key]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const website = normalizeWebsite(form.website);
    const brandColor = normalizeBrandColor(form.brand_color);
    // Each field that cannot be saved says so at once; nothing is saved until both can be.
    setWebsiteError(website === null ? invalidWebsiteMessage : null);
    setBrandColorError(brandColor === null ? invalidBrandColorMessage : null);
    if (website === null || brandColor === null) return;
    setSaving(true);
    setError(null);
    setSaved(false);
    try {
      // Without the catalog the engine and model were never shown: the profile keeps its own.
      const { ai_engine: _engine, ai_model: _model, rules, ...fields } = form;
      await saveProfile({
        ...fields,
        ...columnsOf(rules),
        ...(engineModel ? { ai_engine: engineModel.engine, ai_model: engineModel.model } : {}),
        website,
        brand_color: brandColor || null,
        full_name: form.full_name.trim(),
        company: form.company.trim(),
        industry: form.industry.trim(),
      });
      setForm((current) => ({ ...current, website, brand_color: brandColor }));
      setSavedForm({ ...form, website, brand_color: brandColor });
      setSaved(true);
    } catch (caught) {
      // The form keeps everything that was typed; only the message changes.
      setError(caught instanceof Error ? caught.message : 'Could not save your settings.');
    } finally {
      setSaving(false);
    }
  }

  return (
    <div className="mx-auto max-w-3xl">
      <Link
        to={paths.dashboard}
        className="inline-flex items-center gap-1 text-sm text-brand-500 hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="h-4 w-4" /> Back to Dashboard
      </Link>
      <h1 className="mt-4 text-2xl font-semibold text-slate-900">Profile Settings</h1>
      {saved && (
        <Alert tone="success" className="mt-4">
          Settings saved successfully
        </Alert>
      )}
      {error && (
        <Alert tone="danger" className="mt-4">
          {error}
        </Alert>
      )}
      <form
        onSubmit={submit}
        noValidate
        className="@container mt-6 space-y-6 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
      >
        <div className="grid gap-4 @md:grid-cols-2">
          <ProfileDetailFields
            values={form}
            errors={{ website: websiteError }}
            onChange={(key, value) => update(key, value)}
          />
        </div>
        <TextAreaField
          label="About me"
          rows={4}
          maxLength={profileLimits.about_me}
          hint="Your background and expertise: the AI writes from this."
          value={form.about_me}
          onChange={(e) => update('about_me', e.target.value)}
        />
        {/* Columns follow the form's own width (beside the sidebar it is narrower than the window), and
            only from a width where "Inspirational and motivational" still fits its box. */}
        <div className="grid gap-4 @xl:grid-cols-2">
          <SelectField
            label="Writing style"
            options={toOptions(writingStyles)}
            value={form.writing_style}
            onChange={(e) => update('writing_style', e.target.value)}
          />
          <SelectField
            label="Role"
            options={toOptions(roles)}
            value={form.role}
            onChange={(e) => update('role', e.target.value)}
          />
        </div>
        <WritingRulesFields
          choices={form.rules}
          followed={followed}
          onChange={(key, value) =>
            setForm((current) => ({ ...current, rules: { ...current.rules, [key]: value } }))
          }
        />
        <EngineSection
          aiService={aiService}
          engine={engineModel?.engine ?? form.ai_engine}
          model={engineModel?.model ?? form.ai_model}
          onChange={({ engine, model }) =>
            setForm((current) => ({ ...current, ai_engine: engine, ai_model: model }))
          }
        />
        <CarouselDefaultsSection
          values={form}
          brandColorError={brandColorError}
          onChange={(change) => setForm((current) => ({ ...current, ...change }))}
        />
        <div className="flex justify-end">
          <Button type="submit" disabled={saving}>
            {saving ? 'Saving...' : 'Save Changes'}
          </Button>
        </div>
      </form>
      <VoiceSection editor={voice} />
      {children}
      <LeaveGuard unsaved={unsaved} />
    </div>
  );
}
