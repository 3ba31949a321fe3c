import { pdfFileName } from './stored-carousel';

/** Saves the PDF as a file named after the title (a link to the bytes, clicked, then let go). */
export function downloadPdf(bytes: Uint8Array, title: string): void {
  const url = URL.createObjectURL(new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'application/pdf' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = pdfFileName(title);
  document.body.append(link);
  link.click();
  link.remove();
  // The download has its own copy once it started.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
