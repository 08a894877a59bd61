// Shown by screens whose real content has not landed yet: says so plainly instead of a blank page.
export function PlaceholderScreen({ title }: { title: string }) {
  return (
    <div className="container page">
      <h1>{title}</h1>
      <p>This part of the archive is being prepared. Please come back soon.</p>
    </div>
  );
}
