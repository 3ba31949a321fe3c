import { useState, type ReactNode } from 'react';
import { filesOf } from '@/entities/post/image/image-attachment';

interface ImageDropZoneProps {
  onFiles: (files: File[]) => void;
  /** Off while an image is being prepared or saved. */
  enabled?: boolean;
  className?: string;
  children: ReactNode;
}

/** Takes files dropped on its area (only drags that carry files light it up). */
export function ImageDropZone({ onFiles, enabled = true, className = '', children }: ImageDropZoneProps) {
  const [over, setOver] = useState(false);
  const carriesFiles = (types: readonly string[]) => enabled && types.includes('Files');
  return (
    <div
      className={`${className} ${over ? 'rounded-2xl ring-2 ring-brand-500 ring-offset-2' : ''}`}
      onDragOver={(event) => {
        if (!carriesFiles(event.dataTransfer.types)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'copy';
        setOver(true);
      }}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOver(false);
      }}
      onDrop={(event) => {
        setOver(false);
        if (!carriesFiles(event.dataTransfer.types)) return;
        event.preventDefault();
        const files = filesOf(event.dataTransfer);
        if (files.length > 0) onFiles(files);
      }}
    >
      {children}
    </div>
  );
}
