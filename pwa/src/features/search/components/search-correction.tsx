/** docs/product.md#screen-behaviour: a search answered through a typo's correction says what it searched for. */
export function SearchCorrection({ corrected }: { corrected: string | null }) {
  if (!corrected) return null;
  return (
    <p className="search-page__corrected" role="status">
      Showing results for <strong>{corrected}</strong>
    </p>
  );
}
