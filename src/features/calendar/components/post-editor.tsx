import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextAreaField } from '@/components/ui/field';

export const saveFailedMessage = 'Could not save your changes. Your text is still here — please try again.';

interface PostEditorProps {
  draft: string;
  saving: boolean;
  failed: boolean;
  onChange: (draft: string) => void;
  onCancel: () => void;
  onSave: () => void;
}

/** The edit mode of the post dialog. A failed save keeps the draft and says so (docs/product.md §15 only logs it). */
export function PostEditor({ draft, saving, failed, onChange, onCancel, onSave }: PostEditorProps) {
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
      {failed && <Alert tone="danger">{saveFailedMessage}</Alert>}
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
