import { useState, type ReactNode } from 'react';
import type { ModelCatalog } from '@shared/model-catalog';
import { toast } from '@/lib/toast/toast';
import type { Profile } from '@/lib/supabase/database-types';
import type { DocumentImage } from '@/entities/post/document/use-document-image';
import { ImageDetails, ImagePickerButton } from '@/entities/post/image/ui/image-controls';
import { PostImage, PostImageFrame } from '@/entities/post/image/ui/post-image';
import { draftAltText } from '../draft-alt-text';

interface ComposerImageOptions {
  image: DocumentImage;
  disabled: boolean;
  content: string;
  canDraftAlt: boolean;
  profile: Profile | null;
  catalog: ModelCatalog | null;
  apiBaseUrl: string;
  onFiles: (files: File[]) => void;
}

/** "Add Image" in the composer, and the post's image with its alt text under it. */
export function useComposerImage({
  image,
  disabled,
  content,
  canDraftAlt,
  profile,
  catalog,
  apiBaseUrl,
  onFiles,
}: ComposerImageOptions): { button: ReactNode; details: ReactNode } {
  const [draftingAlt, setDraftingAlt] = useState(false);
  const hasImage = image.shown !== null;

  async function draftAlt() {
    if (!profile || !catalog || !content.trim()) return;
    setDraftingAlt(true);
    try {
      const alt = await draftAltText({
        post: content,
        engine: profile.ai_engine,
        model: profile.ai_model ?? '',
        catalog,
        apiBaseUrl,
      });
      image.setAlt(alt);
    } catch (caught) {
      toast.error(caught instanceof Error && caught.message ? caught.message : 'Could not draft alt text');
    } finally {
      setDraftingAlt(false);
    }
  }

  const shown = image.shown;
  return {
    button: (
      <ImagePickerButton
        hasImage={hasImage}
        preparing={image.preparing}
        disabled={disabled}
        onFiles={onFiles}
      />
    ),
    details: (
      <ImageDetails
        hasImage={hasImage}
        preparing={image.preparing}
        disabled={disabled}
        onRemove={image.remove}
        alt={image.alt}
        onAltChange={image.setAlt}
        onDraftAlt={canDraftAlt ? () => void draftAlt() : undefined}
        draftingAlt={draftingAlt}
        error={image.error}
        note={image.note}
        thumbnail={
          shown?.kind === 'new' ? (
            <PostImageFrame src={shown.src} alt={image.alt} className="max-h-24" />
          ) : shown?.kind === 'stored' ? (
            <PostImage path={shown.path} alt={image.alt} className="max-h-24" />
          ) : null
        }
      />
    ),
  };
}
