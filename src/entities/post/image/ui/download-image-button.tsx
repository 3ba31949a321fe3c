import { Download } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { postImageDownloadUrl } from '@/entities/post/image/post-images';
import { toast } from '@/lib/toast/toast';

/** Saves a post's stored image as a file (copying a post copies only its text). */
export function DownloadImageButton({ path, fileName }: { path: string; fileName: string }) {
  const [busy, setBusy] = useState(false);
  async function download() {
    setBusy(true);
    try {
      const link = document.createElement('a');
      link.href = await postImageDownloadUrl(path, fileName);
      link.rel = 'noopener';
      link.click();
    } catch (error) {
      console.warn('The image could not be downloaded', error);
      toast.error('The image could not be downloaded. Please try again.');
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button variant="ghost" disabled={busy} onClick={() => void download()}>
      <Download aria-hidden="true" className="h-4 w-4" /> Download image
    </Button>
  );
}
