// Placeholder until the shell issue lands its router and layout.
export function App() {
  return (
    <main>
      <h1>Newspaper Archive</h1>
    </main>
  );
}
