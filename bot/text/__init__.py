"""Words: the string catalog and language detection (`i18n`), a Reply rendered through its
template (`render`), errors worded for a user (`errors`) and how cards and providers are called
(`names`). Nothing here decides anything; it only says it."""
