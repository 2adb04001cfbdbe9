import Mustache

// swift-mustache looks names up with Mirror unless a type answers them itself (see TodoRow+Mustache.swift).
// These types are rendered many times per page; their lookups return the same stored properties, and
// ViewModelLookupTests checks each against Mirror.

extension RecipeTableRow: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "name": self.name
        case "url": url
        case "category": category
        case "servings": servings
        case "price": price
        case "available": available
        case "releaseText": releaseText
        case "releaseISO": releaseISO.map { $0 as Any }
        case "thumbnailURL": thumbnailURL.map { $0 as Any }
        default: nil
        }
    }
}

extension SelectOption: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "value": value
        case "title": title
        case "selected": selected
        default: nil
        }
    }
}

extension IngredientRowView: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "index": index
        case "number": number
        case "quantity": quantity
        case "description": description
        case "quantityError": quantityError.map { $0 as Any }
        case "descriptionError": descriptionError.map { $0 as Any }
        case "hasError": hasError
        case "focusInput": focusInput
        case "focusUp": focusUp
        case "focusDown": focusDown
        default: nil
        }
    }
}

extension TextRowView: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "index": index
        case "number": number
        case "text": text
        case "textError": textError.map { $0 as Any }
        case "hasError": hasError
        case "focusInput": focusInput
        case "focusUp": focusUp
        case "focusDown": focusDown
        default: nil
        }
    }
}

extension NutritionRowView: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "index": index
        case "number": number
        case "name": self.name
        case "value": value
        case "nameError": nameError.map { $0 as Any }
        case "valueError": valueError.map { $0 as Any }
        case "hasError": hasError
        case "focusInput": focusInput
        case "focusUp": focusUp
        case "focusDown": focusDown
        default: nil
        }
    }
}
