// The project's version: package.json's `version`, which `npm run image:build` tags the image
// with (<package name>:<version>, the deploy kit's default IMG) and the Helm chart's appVersion
// follows, so `helm install` with no image values deploys the image that was built and pushed.

/** The version package.json starts at (the generator renders it once; the user bumps it). */
export const FIRST_PROJECT_VERSION = "0.1.0";
