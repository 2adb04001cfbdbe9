import PageTemplates

// Rows answer template names themselves rather than being reflected (see TodoRow+Template.swift).
// These types are rendered many times per page; their lookups return the same stored properties, and
// ViewModelLookupTests checks each against Mirror.

extension RecipeTableRow: TemplateParent {
    func child(named name: String) -> TemplateValue? {
        switch name {
        case "name": .text(self.name)
        case "url": .text(url)
        case "category": .text(category)
        case "servings": .text(servings)
        case "price": .text(price)
        case "available": .text(available)
        case "releaseText": .text(releaseText)
        case "releaseISO": releaseISO.map(TemplateValue.text)
        case "thumbnailURL": thumbnailURL.map(TemplateValue.text)
        case "summary": .text(summary)
        default: nil
        }
    }
}

extension SelectOption: TemplateParent {
    func child(named name: String) -> TemplateValue? {
        switch name {
        case "value": .text(value)
        case "title": .text(title)
        case "selected": .flag(selected)
        default: nil
        }
    }
}

extension IngredientRowView: TemplateParent {
    func child(named name: String) -> TemplateValue? {
        switch name {
        case "index": .number(index)
        case "number": .number(number)
        case "quantity": .text(quantity)
        case "description": .text(description)
        case "quantityError": quantityError.map(TemplateValue.text)
        case "descriptionError": descriptionError.map(TemplateValue.text)
        case "hasError": .flag(hasError)
        case "focusInput": .flag(focusInput)
        case "focusUp": .flag(focusUp)
        case "focusDown": .flag(focusDown)
        default: nil
        }
    }
}

extension TextRowView: TemplateParent {
    func child(named name: String) -> TemplateValue? {
        switch name {
        case "index": .number(index)
        case "number": .number(number)
        case "text": .text(text)
        case "textError": textError.map(TemplateValue.text)
        case "hasError": .flag(hasError)
        case "focusInput": .flag(focusInput)
        case "focusUp": .flag(focusUp)
        case "focusDown": .flag(focusDown)
        default: nil
        }
    }
}

extension NutritionRowView: TemplateParent {
    func child(named name: String) -> TemplateValue? {
        switch name {
        case "index": .number(index)
        case "number": .number(number)
        case "name": .text(self.name)
        case "value": .text(value)
        case "nameError": nameError.map(TemplateValue.text)
        case "valueError": valueError.map(TemplateValue.text)
        case "hasError": .flag(hasError)
        case "focusInput": .flag(focusInput)
        case "focusUp": .flag(focusUp)
        case "focusDown": .flag(focusDown)
        default: nil
        }
    }
}
