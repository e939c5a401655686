import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import astro from 'eslint-plugin-astro';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';

const noServer = {
  group: ['@/server/*', '**/server/**'],
  message: 'Islands, shared browser code and domain code must not import server code.',
};
const noFeatures = {
  group: ['@/features/*', '**/features/**'],
  message: 'Shared code (src/client, src/domain) must not import a feature.',
};

export default [
  { ignores: ['dist/', '.astro/', 'node_modules/', 'data/', 'test-results/', 'playwright-report/', 'public/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...astro.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      // Islands must never reach into server code (docs/architecture.md#layers-and-imports).
      'no-restricted-imports': 'off',
    },
  },
  // The rules of hooks and the React Compiler's rules (the plugin's recommended set), for every island
  // and the hooks they share; a missing effect dependency is an error, not a warning.
  {
    files: ['**/*.tsx', 'src/client/**/*.ts', 'src/features/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules, 'react-hooks/exhaustive-deps': 'error' },
  },
  // Type-aware rules where a mistake is silent at run time: a promise nobody awaits or that is
  // returned where a condition or a spread expects a value, awaiting a non-promise, throwing a non-error, a switch that misses a case.
  {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false, arguments: false } }],
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/only-throw-error': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
    },
  },
  {
    files: ['src/features/**', 'src/components/**/*.tsx'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [noServer] }],
    },
  },
  // Code flows shared -> features -> app (docs/architecture.md#layers-and-imports): shared browser code and domain code never
  // reach up into the features, and domain code is for both sides, so it never uses the browser's.
  {
    files: ['src/client/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [noServer, noFeatures] }],
    },
  },
  {
    files: ['src/domain/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [noServer, noFeatures, { group: ['@/client/*', '**/client/**'], message: 'Domain code must not import browser code.' }],
        },
      ],
    },
  },
  // Formatting is Prettier's (npm run format); no lint rule argues with it.
  prettier,
];
