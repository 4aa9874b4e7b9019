/** Said under every new-password field: the rule, and that common passwords are refused. */
export const NEW_PASSWORD_HINT = 'At least 8 characters; a passphrase of a few words is good. Commonly used passwords are refused.';
