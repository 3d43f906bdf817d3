/// Every read and write scenec makes of the file system goes through this module, so the
/// containment rules of docs/security.md hold in one place rather than by scattered checks:
/// reads stay inside the project root (real paths, regular files only), writes, renames and
/// deletions stay beneath their opened destination directory without following symbolic links.
public enum SceneFiles {}
