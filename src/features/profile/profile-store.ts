import { create } from 'zustand';
import { findModel, resolveModel, type ModelCatalog } from '@shared/model-catalog';
import { mapBackendError } from '@/lib/errors/map-backend-error';
import { storeErrorMessage } from '@/lib/errors/store-error-message';
import { currentUserId, getSupabase, requireUserId } from '@/lib/supabase/client';
import { toProfile, type Profile, type ProfileFields, type VoiceSample } from '@/lib/supabase/database-types';
import { deleteVoiceSamples } from './api/delete-voice-samples';
import { fetchVoiceSamples } from './api/fetch-voice-samples';
import { insertVoiceSamples } from './api/insert-voice-samples';
import { planVoiceSampleChanges } from './plan-voice-sample-changes';

interface ProfileState {
  profile: Profile | null;
  /** The user's own past posts that drafts imitate, oldest first; loaded with the profile. */
  voiceSamples: VoiceSample[];
  loading: boolean;
  error: string | null;
  /** No profile row yet: the user has not finished onboarding. */
  isNewUser: boolean;
  /** Set once when a stored, retired model was upgraded on load. */
  modelNotice: string | null;
  /** Loads the profile; with the catalog at hand, a retired model is upgraded at once. */
  fetchProfile: (userId: string, catalog?: ModelCatalog | null) => Promise<void>;
  /** Moves a profile off a retired or unknown model, once the AI service's catalog is known. */
  upgradeRetiredModel: (catalog: ModelCatalog) => Promise<void>;
  saveProfile: (fields: Partial<ProfileFields>) => Promise<Profile>;
  /**
   * Makes the stored samples exactly `contents` (unchanged ones are kept, the rest deleted or added;
   * see plan-voice-sample-changes.ts for the order) and returns them as now stored.
   */
  saveVoiceSamples: (contents: string[]) => Promise<VoiceSample[]>;
  dismissModelNotice: () => void;
  reset: () => void;
}

const initial = {
  profile: null,
  voiceSamples: [],
  loading: true,
  error: null,
  isNewUser: false,
  modelNotice: null,
};

/**
 * Counts profile loads and resets: an answer that arrives after a newer load or a sign-out
 * (another account signed in from another tab) is dropped, never shown.
 */
let generation = 0;

export const useProfileStore = create<ProfileState>()((set, get) => ({
  ...initial,

  fetchProfile: async (userId, catalog) => {
    const load = ++generation;
    // Another user's profile is never shown while this one loads (an account switch in another tab).
    const previous = get().profile;
    set({
      loading: true,
      error: null,
      ...(previous && previous.id !== userId ? { profile: null, isNewUser: false, modelNotice: null } : {}),
      ...(previous?.id !== userId ? { voiceSamples: [] } : {}),
    });
    // At most one row: no row (PGRST116 for `.single()`) means a new user, not an error (docs/product.md §15).
    // Asked as "maybe one", so a new user's first visit is a 200 and not a 406 in the console.
    const [{ data, error }, samples] = await Promise.all([
      getSupabase().from('profiles').select('*').eq('id', userId).maybeSingle(),
      fetchVoiceSamples(userId).catch((caught: unknown) => caught as Error),
    ]);
    if (load !== generation) return;
    if (error || samples instanceof Error) {
      const message = error ? mapBackendError(error) : (samples as Error).message;
      set({ error: message, loading: false });
      throw new Error(message);
    }
    if (!data) {
      set({ profile: null, voiceSamples: samples, isNewUser: true, loading: false });
      return;
    }
    set({ profile: toProfile(data), voiceSamples: samples, isNewUser: false, loading: false });
    if (catalog) await get().upgradeRetiredModel(catalog);
  },

  upgradeRetiredModel: async (catalog) => {
    const profile = get().profile;
    if (!profile) return;
    await moveOffRetiredModel(profile, catalog, get().saveProfile, (notice) => set({ modelNotice: notice }));
  },

  saveProfile: async (fields) => {
    const userId = await currentUserId();
    if (!userId) {
      set({ error: 'No authenticated user' });
      throw new Error('No authenticated user');
    }
    const { data, error } = await getSupabase()
      .from('profiles')
      .upsert({ ...fields, id: userId, updated_at: new Date().toISOString() })
      .select()
      .single();
    if (error) {
      const message = mapBackendError(error);
      set({ error: message });
      throw new Error(message);
    }
    const profile = toProfile(data);
    set({ profile, isNewUser: false, error: null });
    return profile;
  },

  saveVoiceSamples: async (contents) => {
    // Set once the first write is under way: only then can a failure leave the samples changed.
    let writerId: string | null = null;
    try {
      const userId = await requireUserId();
      // Compared with what is stored now, not with what this page loaded: another tab may have saved.
      const stored = await fetchVoiceSamples(userId);
      const changes = planVoiceSampleChanges(stored, contents, Date.now());
      writerId = userId;
      // Deleted first: the database allows at most ten samples at any moment.
      await deleteVoiceSamples(changes.remove);
      const added = await insertVoiceSamples(userId, changes.add, changes.addAfter);
      const voiceSamples = [...changes.keep, ...added];
      set({ voiceSamples, error: null });
      return voiceSamples;
    } catch (caught) {
      const message = storeErrorMessage(caught);
      set({ error: message });
      // A save that failed half-way (deleted, then not added) leaves the store showing what is stored.
      if (writerId) {
        await fetchVoiceSamples(writerId).then(
          (voiceSamples) => set({ voiceSamples }),
          () => {},
        );
      }
      throw new Error(message, { cause: caught });
    }
  },

  dismissModelNotice: () => set({ modelNotice: null }),
  reset: () => {
    generation += 1;
    set({ ...initial, loading: false });
  },
}));

/**
 * A profile that still names a retired model (Groq's Llama 3.3, Claude 3, …) is moved to the
 * successor and saved, so the user is told once (docs/product.md §13).
 */
async function moveOffRetiredModel(
  profile: Profile,
  catalog: ModelCatalog,
  save: (fields: Partial<ProfileFields>) => Promise<Profile>,
  notify: (notice: string) => void,
): Promise<void> {
  const resolution = resolveModel(catalog, profile.ai_engine, profile.ai_model);
  if (resolution.model === profile.ai_model && resolution.engine === profile.ai_engine) return;
  try {
    await save({ ai_engine: resolution.engine, ai_model: resolution.model });
  } catch {
    return; // the next load tries again
  }
  if (resolution.replaced) {
    const label = findModel(catalog, resolution.model)?.label ?? resolution.model;
    notify(
      `The AI model ${resolution.replaced.from} is no longer available, so your profile now uses ${label}. You can change this in Settings.`,
    );
  }
}
