import { useTranslation } from '../../../i18n/i18n';

/** docs/product.md#screen-behaviour: a search answered through a typo's correction says what it searched for. */
export function SearchCorrection({ corrected }: { corrected: string | null }) {
  const { t } = useTranslation('search');
  if (!corrected) return null;
  // The searched words in bold wherever the language puts them in the sentence.
  const text = t('corrected', { term: corrected });
  const at = text.indexOf(corrected);
  return (
    <p className="search-page__corrected" role="status">
      {at < 0 ? (
        text
      ) : (
        <>
          {text.slice(0, at)}
          <strong>{corrected}</strong>
          {text.slice(at + corrected.length)}
        </>
      )}
    </p>
  );
}
