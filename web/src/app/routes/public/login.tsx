// Placeholder until the page is built (issue 5); replaced by the page's feature component.
export function Component() {
  return (
    <main className="page">
      <h1>login</h1>
    </main>
  );
}
