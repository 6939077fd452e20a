/// The version of catalog-build: what `catalog-build --version` prints, and what the
/// files it generates for apps (`export --format swift`) name in their header.
public enum ToolVersion {
    public static let current = "0.7.0"
}
