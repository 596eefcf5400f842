/// Words the synthetic archives are built from, taken from the shapes of real SwiftUI dumps:
/// rule types wrap view and modifier names in generics, value descriptions are Swift `dump`-style.
enum Vocabulary {
    /// Combined into view names ("TripRow", "ProfileHeader"…): 400 distinct user views.
    static let viewStems = [
        "Trip", "Profile", "Settings", "Feed", "Comment", "Photo", "Map", "Chart", "Search", "Cart",
        "Order", "Message", "Contact", "Calendar", "Event", "Playlist", "Track", "Album", "Account", "Wallet",
    ]
    static let viewRoles = [
        "Row", "Cell", "Card", "Header", "Footer", "List", "Detail", "Editor", "View", "Screen",
        "Badge", "Button", "Toolbar", "Section", "Grid", "Banner", "Sheet", "Picker", "Label", "Thumbnail",
    ]

    static let modifiers = [
        "EditModeScopeModifier", "HitTestBindingModifier", "_PaddingLayout", "_FrameLayout",
        "_FlexFrameLayout", "_BackgroundModifier<Color>", "_OverlayModifier<SearchOverlayView>",
        "AccessibilityAttachmentModifier", "_EnvironmentKeyWritingModifier<Optional<UserInterfaceSizeClass>>",
        "NavigationColumnModifier", "TransformModifier", "_OpacityEffect", "_ClipEffect<RoundedRectangle>",
        "_ForegroundStyleModifier<Color>", "_AppearanceActionModifier", "_TaskModifier", "RootModifier",
        "InjectKeyModifier", "AccessibilityContainerModifier", "_SafeAreaRegionsIgnoringLayout",
        "_PreferenceTransformModifier<IsSearchImplementedPreferenceKey>", "NavigationCommonModifier",
        "StyleContextWriter<SidebarStyleContext>", "_TraitWritingModifier<ListRowInsetsTraitKey>",
        "_ShadowEffect", "_ScaleEffect", "_AnimationModifier<Bool>", "_OffsetEffect",
    ]

    /// Small value types read through `Focus`, `ChildEnvironment` and friends.
    static let scalarTypes = ["Bool", "CGFloat", "LayoutDirection", "Optional<UserInterfaceSizeClass>",
                              "ColorScheme", "Font", "Int", "Seeds", "DynamicTypeSize"]

    static let treeValueNames = ["environment", "layoutComputer", "phase", "size", "position", "transform",
                                 "displayList", "_editMode", "_visibility", "_childSelection", "_stateHost",
                                 "<unknown>", "_isOn", "_text", "_selection"]

    /// User text as it appears inside value descriptions, already JSON-escaped: escaped quotes,
    /// newlines, \u escapes including surrogate pairs, and raw UTF-8, as real dumps contain.
    static let userTexts: [StaticString] = [
        "Lisbon, 3 nights, false", "Caf\\u00e9 au lait", "Hello \\ud83d\\ude00", "Zo\u{eb} \u{2192} Z\u{fc}rich\u{2026}",
        "Line one\\nLine two", "Tap \\\\\\\"Done\\\\\\\" to save", "na\\u00efve r\\u00e9sum\\u00e9",
        "\u{6771}\u{4eac} \u{2013} \u{5927}\u{962a}", "50 % off \u{2022} today", "tab\\tseparated", "Hello",
        "\\ud83d\\ude80 Launch", "Porto \u{2192} Lisbon", "Total: 12,99 \u{20ac}", "Good morning, Ana",
    ]

    static let environmentKeys = [
        "ManagedBridgesKey", "ManagedBarAppearancesKey", "HostingControllerManagedBarsKey", "ResetFocusKey",
        "FocusBridgeKey", "ToolbarUpdateContextKey", "NavigationStateSeedKey", "ForegroundStyleKey",
        "FontKey", "LayoutDirectionKey", "ColorSchemeKey", "DynamicTypeSizeKey", "EditModeKey",
        "DismissActionKey", "OpenURLActionKey", "TransactionKey", "AccentColorKey", "ListRowInsetsKey",
    ]
}
