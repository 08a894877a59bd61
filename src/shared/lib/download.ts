/** Offers `text` as a file download named `name` (made on the device: works offline too). */
export function downloadText(name: string, type: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  // The browser reads the blob once the click is handled; a while later its memory can go.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
