import type { ReactNode } from 'react';
import { PostCheckPanel } from '@/entities/post/check/ui/post-check-panel';
import type { AuthorStyle } from '@/entities/post/check/author-style';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextAreaField } from '@/components/ui/field';

interface PostEditorProps {
  draft: string;
  saving: boolean;
  /** Why the last save failed (the draft is kept), or null. */
  failed: string | null;
  onChange: (draft: string) => void;
  onCancel: () => void;
  onSave: () => void;
  /** The post's image fields, under the text. */
  image?: ReactNode;
  /** The author's hashtag maximum: the post check flags more. */
  maxHashtags?: number | undefined;
  /** The author's own posts, for the post check: their habits are information, not warnings. */
  authorStyle?: AuthorStyle | undefined;
}

/** The edit mode of the post dialog. A failed save keeps the draft and says so (docs/product.md §15 only logs it). */
export function PostEditor({
  draft,
  saving,
  failed,
  onChange,
  onCancel,
  onSave,
  image,
  maxHashtags,
  authorStyle,
}: PostEditorProps) {
  return (
    <form
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        onSave();
      }}
    >
      <TextAreaField
        label="Post content"
        rows={12}
        autoFocus
        value={draft}
        onChange={(event) => onChange(event.target.value)}
      />
      <div className="rounded-lg border border-slate-200">
        <PostCheckPanel
          text={draft}
          maxHashtags={maxHashtags}
          author={authorStyle}
          onApply={(edit) => onChange(edit.text)}
        />
      </div>
      {image}
      {failed && <Alert tone="danger">{failed}</Alert>}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" disabled={saving}>
          {saving ? 'Saving...' : 'Save Changes'}
        </Button>
      </div>
    </form>
  );
}
