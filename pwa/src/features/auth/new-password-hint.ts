/** Said under every new-password field: the rule (docs/decisions/0064-password-strength.md); the server has the last word. */
export const NEW_PASSWORD_HINT =
  'At least 8 characters; a passphrase of a few unrelated words is good. Commonly used passwords, easy guesses and ones made from your name or e-mail are refused.';
