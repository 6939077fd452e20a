/// context-type: `app` is reserved for the main app context (catalog.yml).
enum ContextTypeRule: ContentRule {
    static func check(_ tree: ContentTree, into bag: inout DiagnosticBag) {
        for (_, context) in tree.published {
            guard let type = context.fields.type, type.value == .app else { continue }
            bag.error("context-type", at: type.location,
                      "type app is reserved for the app itself (catalog.yml); use book, chapter, section or another type")
        }
    }
}

/// custom-type-name: customTypeName exactly when type is custom, reported at `type:`
/// when missing and at `customTypeName:` when not allowed.
enum CustomTypeNameRule: ContentRule {
    static func check(_ tree: ContentTree, into bag: inout DiagnosticBag) {
        for (_, context) in tree.published {
            let isCustom = context.fields.type?.value == .custom
            let name = context.fields.customTypeName
            if isCustom, name?.defaultValue(tree.config.defaultLocale) == nil, let type = context.fields.type {
                bag.error("custom-type-name", at: type.location,
                          "type custom needs a customTypeName, the name teachers see (e.g. Lab Notebook); add customTypeName:")
            }
            if !isCustom, let name {
                bag.error("custom-type-name", at: name.location,
                          "customTypeName is used only with type: custom; remove it or set type: custom")
            }
            for translation in context.translations.values where !isCustom {
                if let own = translation.customTypeName {
                    bag.error("custom-type-name", at: own.location,
                              "customTypeName is used only with type: custom; remove it from the translation")
                }
            }
        }
    }
}
