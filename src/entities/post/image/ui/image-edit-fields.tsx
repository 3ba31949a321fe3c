import type { ImageEditState } from '@/entities/post/image/use-image-edit';
import { ImageControls } from './image-controls';
import { PostImage, PostImageFrame } from './post-image';

/** A saved post's image while the post is edited: picker, thumbnail, alt text, remove. */
export function ImageEditFields({ state, disabled }: { state: ImageEditState; disabled: boolean }) {
  const { shown } = state;
  return (
    <ImageControls
      hasImage={shown !== null}
      preparing={state.preparing}
      disabled={disabled}
      onFiles={(files) => void state.attach(files)}
      onRemove={state.remove}
      alt={state.alt}
      onAltChange={state.setAlt}
      error={state.error}
      note={state.note}
      thumbnail={
        shown?.kind === 'new' ? (
          <PostImageFrame src={shown.src} alt={shown.alt} className="max-h-24" />
        ) : shown?.kind === 'stored' ? (
          <PostImage path={shown.path} alt={shown.alt} className="max-h-24" />
        ) : null
      }
    />
  );
}
