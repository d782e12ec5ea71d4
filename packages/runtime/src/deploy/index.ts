// @create-operator/runtime/deploy: the deploy kit a generated project's npm scripts run
// (operator-kit), and its tests import: the installer, deploy, undeploy, uninstall.

export { containerTool, imageCommand, NoContainerToolError } from "./container-tool.ts";
export { INSTALLER_PATH } from "./cli.ts";
export { defaultImage, managerImage } from "./project-image.ts";
export { installerObjects, installerYaml, MANAGER_CONTAINER } from "./installer.ts";
export type { InstallerOptions } from "./installer.ts";
export {
  kustomizationObjects,
  readYamlObjects,
  UnsupportedKustomizationError,
} from "./kustomization.ts";
export {
  deploy,
  objectsWithFinalizers,
  undeploy,
  uninstall,
  UninstallRefusedError,
} from "./lifecycle.ts";
export type { HeldObject } from "./lifecycle.ts";
export { managerRolloutProblem, NO_POD_GRACE_MS, podProblem } from "./rollout.ts";
export { applyServerSide, deleteObjects, FIELD_MANAGER } from "./server-apply.ts";
